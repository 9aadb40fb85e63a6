// Where a tag's posts live: the tag page (/blog/tag/{slug}, a page at a
// time as /blog, ?page=N), its feed and the API path the page reads. The server builds the same paths
// (internal/server/blogtags.go) and answers 404 for an unknown tag.

import { BLOG_PATH, pagedApiPath } from './blog-query';

/** A tag's page. */
export function blogTagUrl(slug: string): string {
  return `${BLOG_PATH}/tag/${encodeURIComponent(slug)}`;
}

/** The API path a tag's page reads, for the page its URL's search string ("?page=2") asks for. */
export function blogTagApiPath(slug: string, search = ''): string {
  return pagedApiPath(`/api/blog-tags/${encodeURIComponent(slug)}`, search);
}
