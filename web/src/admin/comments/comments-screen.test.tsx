import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReviewComment, ReviewCommentList } from '../../gen/wire';
import CommentsScreen, { allSelected, tabOf, toggled } from './comments-screen';
import { renderScreen, stubFetchUrls } from '../test-utils';

function comment(id: string, status = 'held'): ReviewComment {
  return {
    id,
    postId: `post-${id}`,
    postTitle: `Post ${id}`,
    postPath: `/blog/post-${id}-slug`,
    name: `Reader ${id}`,
    email: `${id}@example.com`,
    website: '',
    comment: `Comment ${id}\nsecond line`,
    status,
    createdAt: '2026-11-20T10:00:00Z',
  };
}

function list(status: string, comments: ReviewComment[]): ReviewCommentList {
  return { status, comments, total: comments.length, page: 1, pageSize: 50, counts: { held: 3, visible: 5, spam: 1 } };
}

const stubFetch = stubFetchUrls;
const renderAt = (path: string) => renderScreen('/admin/comments/*', <CommentsScreen />, path);

const bulkBar = () => screen.getByRole('group', { name: 'Actions on the selected comments' });

describe('comments screen', () => {
  it('lists held comments with tabs, labelled checkboxes and a link to the post', async () => {
    stubFetch(() => ({ body: list('held', [comment('a'), comment('b')]) }));
    renderAt('/admin/comments');
    const tabs = screen.getByRole('navigation', { name: 'Comment status' });
    await within(tabs).findByRole('link', { name: 'Held for review (3)' });
    expect(within(tabs).getByRole('link', { name: 'Held for review (3)' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: 'Approved (5)' })).toBeTruthy();
    expect(within(tabs).getByRole('link', { name: 'Spam (1)' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Reader a Post a' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Post a' }).getAttribute('href')).toBe('/blog/post-a-slug');
    expect(screen.getByText(/Comment a/).textContent).toBe('Comment a\nsecond line');
  });

  it('keeps the bulk buttons disabled until a comment is selected', async () => {
    stubFetch(() => ({ body: list('held', [comment('a'), comment('b')]) }));
    renderAt('/admin/comments');
    await screen.findByRole('checkbox', { name: 'Reader a Post a' });
    for (const name of ['Approve', 'Mark as spam', 'Delete']) {
      expect((within(bulkBar()).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
    fireEvent.click(screen.getByRole('checkbox', { name: 'Reader b Post b' }));
    expect(within(bulkBar()).getByText('1 comment selected')).toBeTruthy();
    for (const name of ['Approve', 'Mark as spam', 'Delete']) {
      expect((within(bulkBar()).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(false);
    }
    fireEvent.click(screen.getByRole('checkbox', { name: 'Reader b Post b' }));
    expect((within(bulkBar()).getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('selects all and approves the selection, then says how many', async () => {
    let approved = false;
    const calls = stubFetch((c) => {
      if (c.method === 'POST') {
        approved = true;
        return { body: { action: 'approve', count: 3, message: '3 comments approved.' } };
      }
      return { body: list('held', approved ? [] : [comment('a'), comment('b'), comment('c')]) };
    });
    renderAt('/admin/comments');
    await screen.findByRole('checkbox', { name: 'Reader a Post a' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(within(bulkBar()).getByText('3 comments selected')).toBeTruthy();
    for (const id of ['a', 'b', 'c']) {
      expect((screen.getByRole('checkbox', { name: `Reader ${id} Post ${id}` }) as HTMLInputElement).checked).toBe(true);
    }
    fireEvent.click(within(bulkBar()).getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('status')).textContent).toBe('3 comments approved.');
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/admin/comments/bulk',
      body: { ids: ['a', 'b', 'c'], action: 'approve' },
    });
    await screen.findByText('No comments here.');
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  it('deletes only after confirming, and keeps the selection when the server refuses', async () => {
    const calls = stubFetch((c) =>
      c.method === 'POST'
        ? { status: 404, body: { error: { code: 'not_found', message: 'None of the selected comments exist any more.' } } }
        : { body: list('held', [comment('a'), comment('b')]) },
    );
    renderAt('/admin/comments');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Reader a Post a' }));
    fireEvent.click(within(bulkBar()).getByRole('button', { name: 'Delete' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete 1 comment' }));
    expect((await screen.findByRole('alert')).textContent).toBe('None of the selected comments exist any more.');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ ids: ['a'], action: 'delete' });
    expect((screen.getByRole('checkbox', { name: 'Reader a Post a' }) as HTMLInputElement).checked).toBe(true);
  });

  it('opens the Spam tab with its own actions and a fresh selection', async () => {
    const calls = stubFetch((c) =>
      c.url.includes('status=spam') ? { body: list('spam', [comment('s', 'spam')]) } : { body: list('held', [comment('a')]) },
    );
    renderAt('/admin/comments');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Reader a Post a' }));
    fireEvent.click(screen.getByRole('link', { name: 'Spam (1)' }));
    await screen.findByRole('checkbox', { name: 'Reader s Post s' });
    expect(calls.at(-1)!.url).toBe('/api/admin/comments?status=spam');
    expect(within(bulkBar()).queryByRole('button', { name: 'Mark as spam' })).toBeNull();
    expect((within(bulkBar()).getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(within(bulkBar()).getByText('No comments selected')).toBeTruthy());
  });
});

describe('selection helpers', () => {
  it('toggles and tells when all are selected', () => {
    let s: Set<string> = new Set();
    expect(allSelected(s, [])).toBe(false);
    s = toggled(s, 'a', true);
    s = toggled(s, 'b', true);
    expect(allSelected(s, ['a', 'b'])).toBe(true);
    expect(allSelected(s, ['a', 'b', 'c'])).toBe(false);
    s = toggled(s, 'a', false);
    expect([...s]).toEqual(['b']);
    expect(tabOf('visible')).toBe('visible');
    expect(tabOf('hidden')).toBe('held');
  });
});
