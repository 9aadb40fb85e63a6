// Where a tag's posts live: the tag page (/blog/tag/{slug}), its feed and
// the API path the page reads. The server builds the same paths
// (internal/server/blogtags.go) and answers 404 for an unknown tag.

import { BLOG_PATH } from './blog-query';

/** A tag's page. */
export function blogTagUrl(slug: string): string {
  return `${BLOG_PATH}/tag/${encodeURIComponent(slug)}`;
}

/** The API path a tag's page reads. */
export function blogTagApiPath(slug: string): string {
  return `/api/blog-tags/${encodeURIComponent(slug)}`;
}
