import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { BlogPost, Comment } from '../gen/wire';
import { renderApp } from '../test/render-app';

const post: BlogPost = {
  id: 'cloud-bills',
  path: '/blog/cloud-bills',
  title: 'Cloud bills, explained',
  description: 'Where the money goes.',
  image: '/media/blog/cloud.jpg',
  createdAt: '2026-11-02T08:00:00Z',
  dateText: 'November 2, 2026',
  slides: [
    { heading: '', html: '<p>Opening words.</p>' },
    { heading: 'Compute', html: '<p>Servers cost <strong>money</strong>.</p>' },
    { heading: 'Storage', html: '<ul><li>Disks</li></ul>' },
  ],
  pageTitle: 'Cloud bills, explained | Nimbus Grove Technologies',
};

const comments: Comment[] = [
  { id: 'c2', name: 'Priya Menon', website: 'https://priya.example', comment: 'Line one\nLine two', createdAt: '2026-11-03T10:00:00Z', dateText: 'November 3, 2026' },
  { id: 'c1', name: 'Ravi', website: '', comment: '<b>not bold</b>', createdAt: '2026-11-02T10:00:00Z', dateText: 'November 2, 2026' },
];

const api = (p: BlogPost = post, c: Comment[] = comments) => ({
  '/api/blogs/cloud-bills': { data: p },
  '/api/blogs/cloud-bills/comments': { data: c },
});

const slides = () => screen.getAllByRole('group', { hidden: true }).filter((g) => g.getAttribute('aria-roledescription') === 'slide');
const visibleSlide = () => slides().filter((s) => !s.hidden);

describe('Blog post page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the title, date, description, image and its document title', async () => {
    renderApp('/blog/cloud-bills', { api: api() });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Cloud bills, explained');
    expect(screen.getAllByText('November 2, 2026', { selector: 'time' })[0]!.getAttribute('datetime')).toBe('2026-11-02T08:00:00Z');
    expect(screen.getByText('Where the money goes.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Cloud bills, explained' }).getAttribute('src')).toBe('/media/blog/cloud.jpg');
    expect(screen.getByRole('link', { name: 'All posts' }).getAttribute('href')).toBe('/blog');
    await waitFor(() => expect(document.title).toBe('Cloud bills, explained | Nimbus Grove Technologies'));
  });

  it('shows an uploaded cover as a picture in AVIF, WebP and JPEG, never lazy, asked for first', () => {
    renderApp('/blog/cloud-bills', {
      api: api({
        ...post,
        image: '/covers/c-1600.jpg',
        imageSrcset: '/covers/c-960.jpg 960w, /covers/c-1600.jpg 1600w',
        imageSources: [
          { type: 'image/avif', srcset: '/covers/c-960.avif 960w, /covers/c-1600.avif 1600w' },
          { type: 'image/webp', srcset: '/covers/c-960.webp 960w, /covers/c-1600.webp 1600w' },
        ],
      }),
    });
    const img = screen.getByRole('img', { name: 'Cloud bills, explained' });
    expect(img.parentElement!.tagName).toBe('PICTURE');
    const sources = [...img.parentElement!.querySelectorAll('source')];
    expect(sources.map((s) => [s.getAttribute('type'), s.getAttribute('srcset'), s.getAttribute('sizes')])).toEqual([
      ['image/avif', '/covers/c-960.avif 960w, /covers/c-1600.avif 1600w', '(min-width: 48rem) 736px, 100vw'],
      ['image/webp', '/covers/c-960.webp 960w, /covers/c-1600.webp 1600w', '(min-width: 48rem) 736px, 100vw'],
    ]);
    expect(img.getAttribute('src')).toBe('/covers/c-1600.jpg');
    expect(img.getAttribute('loading')).toBeNull();
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1280', '720']);
  });

  it('uses the fallback description and no image when the post has neither', () => {
    renderApp('/blog/cloud-bills', { api: api({ ...post, description: '', image: '' }) });
    expect(screen.getByText("A captivating journey through the author's thoughts and experiences.")).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Cloud bills, explained' })).toBeNull();
  });

  it('keeps every slide in the page and shows one at a time', () => {
    renderApp('/blog/cloud-bills', { api: api() });
    const carousel = screen.getByRole('region', { name: 'Article' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    expect(slides().map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(slides().map((s) => s.hidden)).toEqual([false, true, true]);
    expect(carousel.textContent).toContain('Servers cost money.');
    expect(carousel.querySelector('li')!.textContent).toBe('Disks');
    expect(within(carousel).getByText('1 of 3').getAttribute('aria-live')).toBe('polite');
  });

  it('wraps around at both ends with the buttons, which keep focus', () => {
    renderApp('/blog/cloud-bills', { api: api() });
    const prev = screen.getByRole('button', { name: 'Previous section' });
    const next = screen.getByRole('button', { name: 'Next section' });
    prev.focus();
    fireEvent.click(prev);
    expect(visibleSlide().map((s) => s.getAttribute('aria-label'))).toEqual(['3 of 3']);
    expect(screen.getByText('3 of 3', { selector: 'p' })).toBeTruthy();
    expect(document.activeElement).toBe(prev);
    fireEvent.click(next);
    expect(visibleSlide()[0]!.getAttribute('aria-label')).toBe('1 of 3');
    fireEvent.click(next);
    expect(within(visibleSlide()[0]!).getByRole('heading', { level: 2 }).textContent).toBe('Compute');
  });

  it('moves with the arrow keys while focus is in the carousel', () => {
    renderApp('/blog/cloud-bills', { api: api() });
    const next = screen.getByRole('button', { name: 'Next section' });
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    expect(visibleSlide()[0]!.getAttribute('aria-label')).toBe('3 of 3');
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(visibleSlide()[0]!.getAttribute('aria-label')).toBe('2 of 3');
    // Other keys and modified arrows do nothing.
    fireEvent.keyDown(next, { key: 'ArrowRight', altKey: true });
    fireEvent.keyDown(next, { key: 'Enter' });
    expect(visibleSlide()[0]!.getAttribute('aria-label')).toBe('2 of 3');
  });

  it('leads on from under a section to the next, focusing its start, and back to the start from the last', () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll; // jsdom has none
    onTestFinished(() => void delete (Element.prototype as Partial<Element>).scrollIntoView);
    renderApp('/blog/cloud-bills', { api: api({ ...post, slides: [...post.slides.slice(0, 2), { heading: '', html: '<p>Untitled.</p>' }] }) });
    fireEvent.click(screen.getByRole('button', { name: 'Continue: Compute' }));
    expect(visibleSlide()[0]!.getAttribute('aria-label')).toBe('2 of 3');
    expect(document.activeElement).toBe(visibleSlide()[0]);
    expect(scroll).toHaveBeenCalledWith({ block: 'start' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to section 3' }));
    expect(document.activeElement).toBe(visibleSlide()[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Back to the start' }));
    expect(visibleSlide()[0]!.getAttribute('aria-label')).toBe('1 of 3');
    // Previous and Next keep focus on themselves and do not scroll.
    const next = screen.getByRole('button', { name: 'Next section' });
    next.focus();
    fireEvent.click(next);
    expect(document.activeElement).toBe(next);
    expect(scroll).toHaveBeenCalledTimes(3);
  });

  it('shows a single section without carousel controls', () => {
    renderApp('/blog/cloud-bills', { api: api({ ...post, slides: [{ heading: 'Only', html: '<p>All of it.</p>' }] }) });
    expect(screen.queryAllByRole('button').filter((b) => /section|Continue|start/.test(b.textContent ?? ''))).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Article' })).toBeNull();
    expect(screen.getByText('All of it.')).toBeTruthy();
  });

  it('shows the not-found screen for a missing post', () => {
    renderApp('/blog/nope', { api: { '/api/blogs/nope': { error: { code: 'not_found', message: 'Not found.' } } } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
  });

  it('shows Loading... while a post is fetched on client-side navigation', async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((r) => (answer = r))));
    renderApp('/blog/cloud-bills');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await act(async () => answer(new Response(JSON.stringify(post), { status: 200 })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cloud bills, explained' })).toBeTruthy();
  });

  it('lists comments newest first with local avatars, linked names and plain text', () => {
    renderApp('/blog/cloud-bills', { api: api() });
    const section = screen.getByRole('region', { name: /^Comments/ });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('article').getAttribute('aria-label'))).toEqual(['Priya Menon', 'Ravi']);
    const link = within(items[0]!).getByRole('link', { name: 'Priya Menon' });
    expect(link.getAttribute('href')).toBe('https://priya.example');
    expect(link.getAttribute('rel')).toBe('nofollow ugc noopener');
    expect(within(items[1]!).queryByRole('link')).toBeNull();
    const avatars = within(section).getAllByTestId('comment-avatar');
    expect(avatars.map((a) => a.textContent)).toEqual(['PM', 'R']);
    expect(avatars[0]!.style.backgroundColor).not.toBe('');
    expect(section.querySelector('img')).toBeNull();
    expect(within(items[0]!).getByText(/Line one/).textContent).toBe('Line one\nLine two');
    expect(within(items[1]!).getByText('<b>not bold</b>')).toBeTruthy();
    expect(within(items[1]!).getByText('November 2, 2026').tagName).toBe('TIME');
  });

  it('says when there are no comments yet', () => {
    renderApp('/blog/cloud-bills', { api: api(post, []) });
    expect(screen.getByText('No comments yet. Be the first to share your thoughts.')).toBeTruthy();
  });
});
