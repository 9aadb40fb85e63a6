// Where the blog list lives: its page number in the URL (/blog?page=N) and
// the API path a page reads. The server builds the same API path for the
// page's boot data, so the two must agree: "/api/blogs" when the URL has no
// page parameter, "/api/blogs?page=" + the parameter (encodeURIComponent)
// otherwise. The server answers 404 for a page that does not exist.

/** The blog list's path. */
export const BLOG_PATH = '/blog';

/** The API path of the blog list for a page URL's search string ("?page=2"). */
export function blogListApiPath(search: string): string {
  const page = new URLSearchParams(search).get('page');
  return page === null ? '/api/blogs' : `/api/blogs?page=${encodeURIComponent(page)}`;
}

/** The URL of list page n: page 1 is the list's own path, without a parameter. */
export function blogPageUrl(n: number): string {
  return n <= 1 ? BLOG_PATH : `${BLOG_PATH}?page=${n}`;
}

/** The URLs of the pages before and after page of pages (undefined at either end). */
export function neighbourPages(page: number, pages: number): { prev?: string; next?: string } {
  return {
    prev: page > 1 ? blogPageUrl(Math.min(page - 1, pages)) : undefined,
    next: page < pages ? blogPageUrl(page + 1) : undefined,
  };
}

/** A post's page. */
export function blogPostUrl(id: string): string {
  return `${BLOG_PATH}/${encodeURIComponent(id)}`;
}

/** The API paths a post's page reads: the post and its comments. */
export function blogPostApiPath(id: string): string {
  return `/api/blogs/${encodeURIComponent(id)}`;
}

export function commentsApiPath(id: string): string {
  return `${blogPostApiPath(id)}/comments`;
}
