import { describe, expect, it } from 'vitest';
import { blogListApiPath, blogPageUrl, blogPostUrl, commentsApiPath, neighbourPages } from './blog-query';
import { blogTagApiPath } from './tag-query';

describe('blog list paths', () => {
  it('reads /api/blogs without a page parameter or for page 1, and the parameter as given otherwise', () => {
    expect(blogListApiPath('')).toBe('/api/blogs');
    expect(blogListApiPath('?utm_source=x')).toBe('/api/blogs');
    expect(blogListApiPath('?page=2')).toBe('/api/blogs?page=2');
    // The server's boot data has the first page under the bare path, asked for with "?page=1" or not.
    expect(blogListApiPath('?page=1')).toBe('/api/blogs');
    expect(blogListApiPath('?page=a%26b')).toBe('/api/blogs?page=a%26b');
  });

  it('links page 1 to /blog and other pages to ?page=N', () => {
    expect(blogPageUrl(1)).toBe('/blog');
    expect(blogPageUrl(3)).toBe('/blog?page=3');
  });

  it('has no previous link on the first page and no next link on the last', () => {
    expect(neighbourPages(1, 1)).toEqual({ prev: undefined, next: undefined });
    expect(neighbourPages(1, 3)).toEqual({ prev: undefined, next: '/blog?page=2' });
    expect(neighbourPages(2, 3)).toEqual({ prev: '/blog', next: '/blog?page=3' });
    expect(neighbourPages(3, 3)).toEqual({ prev: '/blog?page=2', next: undefined });
  });

  it("builds a tag page's page links and API paths the same way", () => {
    expect(neighbourPages(2, 3, '/blog/tag/go')).toEqual({ prev: '/blog/tag/go', next: '/blog/tag/go?page=3' });
    expect(blogTagApiPath('cloud-native', '')).toBe('/api/blog-tags/cloud-native');
    expect(blogTagApiPath('cloud-native', '?page=2&utm_source=x')).toBe('/api/blog-tags/cloud-native?page=2');
  });

  it('escapes post ids in URLs and API paths', () => {
    expect(blogPostUrl('a/b c')).toBe('/blog/a%2Fb%20c');
    expect(commentsApiPath('a/b')).toBe('/api/blogs/a%2Fb/comments');
  });
});
