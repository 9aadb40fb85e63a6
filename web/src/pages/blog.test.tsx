import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BlogList, BlogSummary } from '../gen/wire';
import { renderApp } from '../test/render-app';

function post(n: number, extra: Partial<BlogSummary> = {}): BlogSummary {
  return {
    id: `post-${n}`,
    path: `/blog/post-${n}`,
    title: `Post number ${n}`,
    description: `What post ${n} is about.`,
    image: '',
    createdAt: `2026-10-${String(n).padStart(2, '0')}T09:00:00Z`,
    dateText: `October ${n}, 2026`,
    ...extra,
  };
}

function list(page: number, pages: number, posts: BlogSummary[]): BlogList {
  return { posts, page, pages, total: pages * 6 };
}

describe('Blog list page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the first page as cards with date, description or the fallback, and Read More', async () => {
    const posts = [post(9, { image: '/media/blog/9.jpg' }), post(8, { description: '' }), post(7)];
    renderApp('/blog', { api: { '/api/blogs': { data: list(1, 3, posts) } } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Blog');
    expect(within(screen.getByRole('main')).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Post number 9',
      'Post number 8',
      'Post number 7',
    ]);
    expect(screen.getByText('October 8, 2026').getAttribute('datetime')).toBe('2026-10-08T09:00:00Z');
    expect(screen.getByText("A captivating journey through the author's thoughts and experiences.")).toBeTruthy();
    const cover = screen.getByRole('img', { name: 'Post number 9' });
    expect(cover.getAttribute('src')).toBe('/media/blog/9.jpg');
    // The first row's covers load at once: one of them is likely the largest paint.
    expect(cover.getAttribute('loading')).toBeNull();
    expect(screen.getByRole('link', { name: 'Read More: Post number 7' }).getAttribute('href')).toBe('/blog/post-7');
    await waitFor(() => expect(document.title).toBe('Blog | Nimbus Grove Technologies'));
  });

  it('shows uploaded covers as pictures in AVIF, WebP and JPEG, lazy below the first row only', () => {
    const covered = (n: number) =>
      post(n, {
        image: `/covers/p${n}-960.jpg`,
        imageSrcset: `/covers/p${n}-480.jpg 480w, /covers/p${n}-960.jpg 960w`,
        imageSources: [
          { type: 'image/avif', srcset: `/covers/p${n}-480.avif 480w, /covers/p${n}-960.avif 960w` },
          { type: 'image/webp', srcset: `/covers/p${n}-480.webp 480w, /covers/p${n}-960.webp 960w` },
        ],
      });
    renderApp('/blog', { api: { '/api/blogs': { data: list(1, 1, [6, 5, 4, 3].map(covered)) } } });
    const covers = [6, 5, 4, 3].map((n) => screen.getByRole('img', { name: `Post number ${n}` }));
    expect(covers.map((img) => img.getAttribute('loading'))).toEqual([null, null, null, 'lazy']);
    for (const img of covers) {
      const picture = img.parentElement!;
      expect(picture.tagName).toBe('PICTURE');
      const sources = [...picture.querySelectorAll('source')];
      expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
      expect(sources.every((s) => s.getAttribute('sizes') === img.getAttribute('sizes'))).toBe(true);
      expect(img.getAttribute('sizes')).toBeTruthy();
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['640', '360']);
    }
    expect(covers[0]!.parentElement!.querySelector('source')!.getAttribute('srcset')).toBe('/covers/p6-480.avif 480w, /covers/p6-960.avif 960w');
  });

  it('links to the next page only on the first page', () => {
    renderApp('/blog', { api: { '/api/blogs': { data: list(1, 3, [post(1)]) } } });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByText('Page 1 of 3')).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: /^Previous/ })).toBeNull();
    const next = within(nav).getByRole('link', { name: 'Next page' });
    expect(next.getAttribute('href')).toBe('/blog?page=2');
    expect(next.getAttribute('rel')).toBe('next');
  });

  it('reads the page from the URL and links back to /blog for page 1', async () => {
    renderApp('/blog?page=2', { api: { '/api/blogs?page=2': { data: list(2, 3, [post(1)]) } } });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByText('Page 2 of 3')).toBeTruthy();
    const prev = within(nav).getByRole('link', { name: 'Previous page' });
    expect(prev.getAttribute('href')).toBe('/blog');
    expect(prev.getAttribute('rel')).toBe('prev');
    expect(within(nav).getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/blog?page=3');
    await waitFor(() => expect(document.title).toBe('Blog, page 2 | Nimbus Grove Technologies'));
  });

  it('has no pagination with one page, and says so when there are no posts', () => {
    renderApp('/blog', { api: { '/api/blogs': { data: list(1, 1, []) } } });
    expect(screen.getByText('No posts yet. Check back soon.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('shows the not-found screen for a page past the last', () => {
    renderApp('/blog?page=9', { api: { '/api/blogs?page=9': { error: { code: 'not_found', message: 'No such page.' } } } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
  });

  it('says in words when the list could not be loaded', () => {
    renderApp('/blog', { api: { '/api/blogs': { error: { code: 'internal', message: 'Internal error.' } } } });
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/blog');
  });

  it('keeps the page on screen while the next one loads, then starts at the top', async () => {
    let answer: (r: Response) => void = () => {};
    const fetch = vi.fn((_url: string) => new Promise<Response>((r) => (answer = r)));
    vi.stubGlobal('fetch', fetch);
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    renderApp('/blog', { api: { '/api/blogs': { data: list(1, 2, [post(9)]) } } });
    fireEvent.click(screen.getByRole('link', { name: 'Next page' }));
    expect(fetch.mock.calls[0]![0]).toBe('/api/blogs?page=2');
    // Still the first page, marked busy, with its links.
    expect(screen.getByRole('heading', { level: 2, name: 'Post number 9' }).closest('[aria-busy="true"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Next page' })).toBeTruthy();
    expect(scrollTo).not.toHaveBeenCalled();

    await act(async () => answer(new Response(JSON.stringify(list(2, 2, [post(3)])), { status: 200 })));
    expect(screen.getByRole('heading', { level: 2, name: 'Post number 3' }).closest('[aria-busy]')).toBeNull();
    expect(screen.queryByText('Post number 9')).toBeNull();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(document.activeElement?.id).toBe('main');
  });
});
