import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlogPost, BlogTagPage } from '../gen/wire';
import { renderApp } from '../test/render-app';

const tagPage: BlogTagPage = {
  tag: { name: 'Cloud Native', slug: 'cloud-native' },
  heading: 'Posts tagged “Cloud Native”',
  pageTitle: 'Posts tagged “Cloud Native” | Nimbus Grove Technologies',
  feedUrl: '/blog/tag/cloud-native/feed.xml',
  feedTitle: 'Nimbus Grove Technologies Blog: posts tagged “Cloud Native”',
  list: {
    posts: [
      { id: 'newer', path: '/blog/newer', title: 'Newer notes', description: 'The newer one.', image: '', createdAt: '2026-11-03T08:00:00Z', dateText: 'November 3, 2026' },
      { id: 'older', path: '/blog/older', title: 'Older notes', description: 'The older one.', image: '', createdAt: '2026-11-01T08:00:00Z', dateText: 'November 1, 2026' },
    ],
    page: 1,
    pages: 1,
    total: 2,
  },
};

describe('Blog tag page', () => {
  afterEach(() => document.head.querySelectorAll('link[data-page-feed]').forEach((l) => l.remove()));

  it('lists the posts with the tag under its heading, links the feed and names it in <head>', async () => {
    renderApp('/blog/tag/cloud-native', { api: { '/api/blog-tags/cloud-native': { data: tagPage } } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Posts tagged “Cloud Native”');
    const titles = within(screen.getByRole('main')).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Newer notes', 'Older notes']);
    expect(screen.getByRole('link', { name: /^Subscribe to these posts/ }).getAttribute('href')).toBe('/blog/tag/cloud-native/feed.xml');
    await waitFor(() => expect(document.title).toBe(tagPage.pageTitle));
    const feed = document.head.querySelector('link[data-page-feed]');
    expect(feed?.getAttribute('href')).toBe('/blog/tag/cloud-native/feed.xml');
    expect(feed?.getAttribute('title')).toBe(tagPage.feedTitle);
  });

  it('links the pages of a tag with many posts, the first one without a parameter', () => {
    const second: BlogTagPage = {
      ...tagPage,
      pageTitle: 'Posts tagged “Cloud Native” – Page 2 | Nimbus Grove Technologies',
      list: { ...tagPage.list, page: 2, pages: 3, total: 14 },
    };
    renderApp('/blog/tag/cloud-native?page=2', { api: { '/api/blog-tags/cloud-native?page=2': { data: second } } });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByText('Page 2 of 3')).toBeTruthy();
    expect(within(nav).getByRole('link', { name: /^Previous/ }).getAttribute('href')).toBe('/blog/tag/cloud-native');
    expect(within(nav).getByRole('link', { name: /^Next/ }).getAttribute('href')).toBe('/blog/tag/cloud-native?page=3');
  });

  it('is the not-found screen for a page past the last', () => {
    renderApp('/blog/tag/cloud-native?page=9', {
      api: { '/api/blog-tags/cloud-native?page=9': { error: { code: 'not_found', message: 'There is no such page of posts.' } } },
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/not found/i);
  });

  it('is the not-found screen for a tag without posts', () => {
    renderApp('/blog/tag/nothing', { api: { '/api/blog-tags/nothing': { error: { code: 'not_found', message: 'No published post has this tag.' } } } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/not found/i);
  });
});

describe('Blog post tags', () => {
  it('links each tag to its page', () => {
    const post: BlogPost = {
      id: 'p1',
      path: '/blog/p1',
      title: 'Tagged',
      description: '',
      image: '',
      createdAt: '2026-11-02T08:00:00Z',
      dateText: 'November 2, 2026',
      slides: [{ heading: 'One', html: '<p>x</p>' }],
      pageTitle: 'Tagged | Nimbus Grove Technologies',
      tags: [
        { name: 'Cloud Native', slug: 'cloud-native' },
        { name: 'Go', slug: 'go' },
      ],
    };
    renderApp('/blog/p1', { api: { '/api/blogs/p1': { data: post }, '/api/blogs/p1/comments': { data: [] } } });
    const nav = screen.getByRole('navigation', { name: 'Tags' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Cloud Native', '/blog/tag/cloud-native'],
      ['Go', '/blog/tag/go'],
    ]);
  });
});
