// Where the blog list lives: its page number in the URL (/blog?page=N) and
// the API path a page reads. The server builds the same API path for the
// page's boot data, so the two must agree: "/api/blogs" when the URL has no
// page parameter or with page 1, "/api/blogs?page=" + the parameter
// (encodeURIComponent) otherwise. The server answers 404 for a page that does not exist.

/** The blog list's path. */
export const BLOG_PATH = '/blog';

/** The API path of the blog list for a page URL's search string ("?page=2"). */
export function blogListApiPath(search: string): string {
  return pagedApiPath('/api/blogs', search);
}

/** The URL of page n of a list at base (the blog, a tag page): page 1 is base itself, without a parameter. */
export function blogPageUrl(n: number, base = BLOG_PATH): string {
  return n <= 1 ? base : `${base}?page=${n}`;
}

/** The URLs of the pages before and after page of pages of the list at base (undefined at either end). */
export function neighbourPages(page: number, pages: number, base = BLOG_PATH): { prev?: string; next?: string } {
  return {
    prev: page > 1 ? blogPageUrl(Math.min(page - 1, pages), base) : undefined,
    next: page < pages ? blogPageUrl(page + 1, base) : undefined,
  };
}

/**
 * The API path at base of the list page a URL's search string ("?page=2")
 * asks for, as the server builds it for the page's boot data: the first
 * page, with or without "?page=1", without a parameter.
 */
export function pagedApiPath(base: string, search: string): string {
  const page = new URLSearchParams(search).get('page');
  return page === null || page === '1' ? base : `${base}?page=${encodeURIComponent(page)}`;
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
