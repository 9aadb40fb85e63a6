import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminPostList, AdminPostSummary } from '../../gen/wire';
import { apiError, renderAdmin, stubApi, type Reply } from '../test-utils';
import { ListScreen } from './list-screen';

const post = (n: number): AdminPostSummary => ({
  id: `post${n}`,
  title: `Post ${n}`,
  status: 'draft',
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  schedule: null,
});

const pageOf = (page: number, pages: number, posts: AdminPostSummary[]): AdminPostList => ({ posts, page, pages, total: posts.length });

function Posts() {
  return (
    <ListScreen
      path="/posts"
      title="Blog"
      newButton={{ to: 'new', label: 'New post' }}
      rows={(list) => list.posts}
      loading="Loading posts…"
      empty="No posts yet."
      caption="Posts, newest first"
      columns={['Title', 'Status']}
      pagesLabel="Pages of posts"
      row={(p) => (
        <tr>
          <td>{p.title}</td>
          <td>{p.status}</td>
        </tr>
      )}
    />
  );
}

/** Answers GET /posts with reply(the page asked for), and nothing else; returns the calls. */
function stubPosts(reply: (page: string | null) => Reply) {
  return stubApi((c) => (c.method === 'GET' && c.path === '/posts' ? reply(c.query.get('page')) : undefined));
}

describe('ListScreen', () => {
  it('shows the title and the new button, and says it is loading until the answer', async () => {
    stubPosts(() => ({ body: pageOf(1, 1, [post(1)]) }));
    renderAdmin(<Posts />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Blog');
    expect(screen.getByRole('link', { name: 'New post' }).getAttribute('href')).toBe('/admin/new');
    expect(screen.getByText('Loading posts…')).toBeTruthy();
    await screen.findByText('Post 1');
    expect(screen.queryByText('Loading posts…')).toBeNull();
  });

  it('says why the list could not be loaded', async () => {
    stubPosts(() => ({ status: 500, body: apiError('The database is down.', undefined, 'internal') }));
    renderAdmin(<Posts />);
    expect((await screen.findByRole('alert')).textContent).toBe('The database is down.');
    expect(screen.queryByText('Loading posts…')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says a list without rows is empty, with no table and no pages', async () => {
    stubPosts(() => ({ body: pageOf(1, 1, []) }));
    renderAdmin(<Posts />);
    await screen.findByText('No posts yet.');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows the rows in a captioned table, one page without page buttons', async () => {
    const calls = stubPosts(() => ({ body: pageOf(1, 1, [post(1), post(2)]) }));
    renderAdmin(<Posts />);
    const table = await screen.findByRole('table', { name: 'Posts, newest first' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Title', 'Status']);
    expect(within(table).getAllByRole('row').slice(1).map((tr) => tr.textContent)).toEqual(['Post 1draft', 'Post 2draft']);
    expect(screen.queryByRole('navigation', { name: 'Pages of posts' })).toBeNull();
    expect(calls.map((c) => c.query.get('page'))).toEqual(['1']);
  });

  it('steps through the pages with its buttons', async () => {
    const calls = stubPosts((page) => {
      const n = Number(page);
      return { body: pageOf(n, 2, [post(n)]) };
    });
    renderAdmin(<Posts />);
    await screen.findByText('Post 1');
    const pages = screen.getByRole('navigation', { name: 'Pages of posts' });
    expect(pages.textContent).toContain('Page 1 of 2');
    const previous = within(pages).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement;
    const next = within(pages).getByRole('button', { name: 'Next page' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(next);
    await screen.findByText('Post 2');
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Pages of posts' }).textContent).toContain('Page 2 of 2'));
    expect(next.disabled).toBe(true);
    expect(previous.disabled).toBe(false);
    expect(calls.map((c) => c.query.get('page'))).toEqual(['1', '2']);
  });
});

// Compile-time checks: each @ts-expect-error line must fail to compile.
// Never called.
export function typeChecks() {
  const common = { title: 'T', loading: '', empty: '', caption: '', columns: [], pagesLabel: '', row: () => null };
  return [
    ListScreen({ ...common, path: '/jobs', rows: (list) => list.jobs }),
    // @ts-expect-error the answer of /posts has no jobs
    ListScreen({ ...common, path: '/posts', rows: (list) => list.jobs }),
    // @ts-expect-error /staff answers no pages
    ListScreen({ ...common, path: '/staff', rows: (list) => list }),
  ];
}
