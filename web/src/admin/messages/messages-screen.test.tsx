import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ContactMessageDetail, ContactMessageList, ContactMessageRow } from '../../gen/wire';
import MessagesScreen, { folderOf, replyLink } from './messages-screen';
import { renderScreen, stubFetchUrls, type UrlCall } from '../test-utils';

const counts = { inbox: 2, unread: 1, archived: 1, spam: 3 };

function row(id: string, status: string, spam = false): ContactMessageRow {
  return {
    id,
    name: `Meera ${id}`,
    email: `${id}@example.com`,
    subject: `About ${id}`,
    firstLine: `First line of ${id}`,
    status,
    spam,
    receivedAt: '2026-11-20T10:00:00Z',
  };
}

function list(folder: string, messages: ContactMessageRow[]): ContactMessageList {
  return { folder, messages, total: messages.length, page: 1, pageSize: 50, counts };
}

function detail(over: Partial<ContactMessageDetail> = {}): ContactMessageDetail {
  return {
    id: 'm-1',
    name: 'Meera Rao',
    email: 'meera@example.com',
    subject: 'A quote',
    message: 'Hello,\n<b>not bold</b>\nThanks',
    status: 'read',
    spam: false,
    receivedAt: '2026-11-20T10:00:00Z',
    ...over,
  };
}

/** Stubs fetch with answer(method, url, body) (always a 200) and records the calls. */
const stubFetch = (answer: (c: UrlCall) => unknown) => stubFetchUrls((c) => ({ body: answer(c) }));
const renderAt = (path: string) => renderScreen('/admin/messages/*', <MessagesScreen />, path);

describe('messages screen', () => {
  it('lists the inbox with folder counts and unread messages marked New in bold', async () => {
    stubFetch(() => list('inbox', [row('m-1', 'new'), row('m-2', 'read')]));
    renderAt('/admin/messages');
    const folders = screen.getByRole('navigation', { name: 'Folders' });
    await waitFor(() => expect(within(folders).getByRole('link', { name: 'Inbox (2)' })).toBeTruthy());
    expect(within(folders).getByRole('link', { name: 'Inbox (2)' }).getAttribute('aria-current')).toBe('page');
    expect(within(folders).getByRole('link', { name: 'Spam (3)' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Inbox: 1 unread');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getAllByRole('cell')[0]!.textContent).toBe('New');
    expect(rows[0]!.className).toContain('font-semibold');
    expect(within(rows[1]!).getAllByRole('cell')[0]!.textContent).toBe('Read');
    expect(rows[1]!.className).not.toContain('font-semibold');
    expect(within(rows[0]!).getByRole('link', { name: 'About m-1' }).getAttribute('href')).toBe('/admin/messages/m-1');
  });

  it('opens the Spam folder from its tab', async () => {
    const calls = stubFetch((c) =>
      c.url.includes('folder=spam') ? list('spam', [row('s-1', 'new', true)]) : list('inbox', [row('m-1', 'new')]),
    );
    renderAt('/admin/messages');
    fireEvent.click(await screen.findByRole('link', { name: 'Spam (3)' }));
    await screen.findByRole('link', { name: 'About s-1' });
    expect(calls.at(-1)!.url).toBe('/api/admin/messages?folder=spam');
    expect(screen.getByRole('link', { name: 'Spam (3)' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('link', { name: 'About m-1' })).toBeNull();
  });

  it('shows a message as text with its line breaks, and a reply link', async () => {
    stubFetch(() => detail());
    renderAt('/admin/messages/m-1');
    await screen.findByRole('heading', { level: 1, name: 'A quote' });
    const text = screen.getByText(/not bold/);
    expect(text.textContent).toBe('Hello,\n<b>not bold</b>\nThanks');
    expect(text.querySelector('b')).toBeNull();
    expect(text.className).toContain('whitespace-pre-wrap');
    expect(screen.getByRole('link', { name: 'Reply by e-mail' }).getAttribute('href')).toBe(
      'mailto:meera@example.com?subject=Re%3A%20A%20quote',
    );
    expect(screen.queryByRole('button', { name: 'Not spam' })).toBeNull();
  });

  it('archives, moves out of spam and marks as unread', async () => {
    const calls = stubFetch((c) => {
      if (c.method === 'PATCH') {
        const b = c.body as { status?: string; spam?: boolean };
        return detail({ spam: b.spam ?? true, status: b.status ?? 'read' });
      }
      if (c.url.startsWith('/api/admin/messages?') || c.url === '/api/admin/messages') return list('inbox', []);
      return detail({ spam: true });
    });
    renderAt('/admin/messages/m-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    await screen.findByRole('button', { name: 'Move to inbox' });
    expect(calls.at(-1)).toEqual({ method: 'PATCH', url: '/api/admin/messages/m-1', body: { status: 'archived' } });
    expect(screen.getByRole('status').textContent).toBe('Archived.');

    fireEvent.click(screen.getByRole('button', { name: 'Not spam' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Not spam' })).toBeNull());
    expect(calls.at(-1)!.body).toEqual({ spam: false });

    fireEvent.click(screen.getByRole('button', { name: 'Mark as unread' }));
    await screen.findByRole('navigation', { name: 'Folders' });
    expect(calls.find((c) => c.method === 'PATCH' && (c.body as { status?: string }).status === 'new')).toBeTruthy();
    expect(screen.getByText('Marked as unread.')).toBeTruthy();
  });

  it('deletes only after confirming', async () => {
    const calls = stubFetch((c) => (c.method === 'DELETE' ? {} : c.url === '/api/admin/messages' ? list('inbox', []) : detail()));
    renderAt('/admin/messages/m-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete message' }));
    await screen.findByText('Message deleted.');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/admin/messages/m-1']);
  });

  it('shows a failure in words', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(JSON.stringify({ error: { code: 'not_found', message: 'This message no longer exists.' } }), {
          status: 404,
        }),
      ),
    );
    renderAt('/admin/messages/gone');
    expect((await screen.findByRole('alert')).textContent).toContain('This message no longer exists.');
  });
});

describe('messages helpers', () => {
  it('reads folders and builds reply links', () => {
    expect(folderOf('spam')).toBe('spam');
    expect(folderOf('trash')).toBe('inbox');
    expect(folderOf(null)).toBe('inbox');
    expect(replyLink('a+b@example.com', 'Re: Hi & bye')).toBe('mailto:a%2Bb@example.com?subject=Re%3A%20Hi%20%26%20bye');
  });
});
