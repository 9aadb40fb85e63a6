import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import home from '../../../../content/home.json';
import type { BlogList, BlogSummary } from '../../gen/wire';
import { renderWithProviders } from '../../test/render-app';
import { BlogHighlights } from './blog-highlights';

function post(id: string, title: string, image = ''): BlogSummary {
  return { id, path: `/blog/${id}`, title, description: `About ${title}.`, image, createdAt: '2026-11-01T00:00:00Z', dateText: 'November 1, 2026' };
}

const posts = [
  post('p3', 'Shipping on Fridays', '/media/blog/p3.jpg'),
  post('p2', 'Cloud bills, explained'),
  post('p1', 'Our first year'),
];

/** GET /api/blogs: the first page of the list. */
function firstPage(items: BlogSummary[]): BlogList {
  return { posts: items, page: 1, pages: items.length > 0 ? 2 : 1, total: items.length + 6 };
}

describe('BlogHighlights', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows one card per post with Read More links to /blog/{id}', () => {
    renderWithProviders(<BlogHighlights copy={home.blog} />, { api: { '/api/blogs': { data: firstPage(posts) } } });
    const carousel = screen.getByRole('group', { name: 'Blog posts' });
    const slides = within(carousel).getAllByRole('group');
    expect(slides).toHaveLength(3);
    expect(slides[0]!.getAttribute('aria-label')).toBe('1 of 3');

    expect(within(carousel).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Shipping on Fridays',
      'Cloud bills, explained',
      'Our first year',
    ]);
    const more = screen.getByRole('link', { name: 'Read More: Cloud bills, explained' });
    expect(more.getAttribute('href')).toBe('/blog/p2');
    expect(screen.getByRole('link', { name: 'Read More: Shipping on Fridays' }).getAttribute('href')).toBe('/blog/p3');
    expect(screen.getByText('About Our first year.').className).toContain('line-clamp-2');
    expect(within(carousel).getAllByText('November 1, 2026')).toHaveLength(3);
  });

  it('shows the image with the title as alt text, and a placeholder when there is none', () => {
    renderWithProviders(<BlogHighlights copy={home.blog} />, { api: { '/api/blogs': { data: firstPage(posts) } } });
    const img = screen.getByRole('img', { name: 'Shipping on Fridays' });
    expect(img.getAttribute('src')).toBe('/media/blog/p3.jpg');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('640');
    expect(img.getAttribute('height')).toBe('360');
    expect(screen.getAllByTestId('blog-placeholder')).toHaveLength(2);
  });

  it('has previous and next buttons with names', () => {
    renderWithProviders(<BlogHighlights copy={home.blog} />, { api: { '/api/blogs': { data: firstPage(posts) } } });
    expect(screen.getByRole('button', { name: 'Previous post' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next post' })).toBeTruthy();
  });

  it('says so when there are no posts, instead of an empty carousel', () => {
    renderWithProviders(<BlogHighlights copy={home.blog} />, { api: { '/api/blogs': { data: firstPage([]) } } });
    expect(screen.getByText(home.blog.empty)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Blog posts' })).toBeNull();
  });

  it('shows an error with a retry that fetches again', async () => {
    const fetch = vi.fn().mockResolvedValue(new Response(JSON.stringify(firstPage(posts)), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<BlogHighlights copy={home.blog} />, {
      api: { '/api/blogs': { error: { code: 'internal', message: 'Internal error.' } } },
    });
    expect(screen.getByRole('alert').textContent).toContain(home.blog.error);
    fireEvent.click(screen.getByRole('button', { name: home.blog.retry }));
    expect(await screen.findByRole('link', { name: 'Read More: Our first year' })).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
