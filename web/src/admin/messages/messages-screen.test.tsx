import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ContactMessageDetail, ContactMessageList, ContactMessageRow } from '../../gen/wire';
import MessagesScreen, { folderOf, replySubject } from './messages-screen';
import { listSearch } from './folders';
import { outboxStatusText } from './message-view';
import { StaffContext } from '../staff-context';
import { member, stubFetchUrls, type UrlCall } from '../test-utils';

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
    assignedTo: '',
    assigneeName: '',
  };
}

function list(folder: string, messages: ContactMessageRow[]): ContactMessageList {
  return { folder, query: '', assigned: '', messages, total: messages.length, page: 1, pageSize: 50, counts };
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
    assignedTo: '',
    assigneeName: '',
    handlers: [
      { id: 'ed-1', name: 'Esha Editor' },
      { id: 'ad-1', name: 'Ada Admin' },
    ],
    thread: [],
    mailbox: 'hello@site.test',
    ...over,
  };
}

/** Stubs fetch with answer(method, url, body) (always a 200) and records the calls. */
const stubFetch = (answer: (c: UrlCall) => unknown) => stubFetchUrls((c) => ({ body: answer(c) }));
const editor = member({ id: 'ed-1', name: 'Esha Editor', role: 'editor' });
const renderAt = (path: string) =>
  render(
    <StaffContext.Provider value={editor}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/messages/*" element={<MessagesScreen />} />
        </Routes>
      </MemoryRouter>
    </StaffContext.Provider>,
  );

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

  it('shows a message as text with its line breaks, and a reply form instead of a mail link', async () => {
    stubFetch(() => detail());
    renderAt('/admin/messages/m-1');
    await screen.findByRole('heading', { level: 1, name: 'A quote' });
    const text = screen.getByText(/not bold/);
    expect(text.textContent).toBe('Hello,\n<b>not bold</b>\nThanks');
    expect(text.querySelector('b')).toBeNull();
    expect(text.className).toContain('whitespace-pre-wrap');
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Subject' }) as HTMLInputElement).value).toBe('Re: A quote');
    expect(screen.getByText(/when they answer, their e-mail arrives in the company mailbox \(hello@site.test\)/)).toBeTruthy();
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
    const calls = stubFetch((c) => (c.method === 'DELETE' ? {} : c.url === '/api/admin/messages?folder=inbox' ? list('inbox', []) : detail()));
    renderAt('/admin/messages/m-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete message' }));
    await screen.findByText('Message deleted.');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/admin/messages/m-1']);
  });

  it('searches on the server and filters by assignment, keeping both in the links', async () => {
    const calls = stubFetch((c) => {
      const u = new URL(c.url, 'http://x');
      const l = list(u.searchParams.get('folder') ?? 'inbox', [{ ...row('m-9', 'read'), assigneeName: 'Esha Editor', assignedTo: 'ed-1' }]);
      return { ...l, query: u.searchParams.get('q') ?? '', assigned: u.searchParams.get('assigned') ?? '', total: 1 };
    });
    renderAt('/admin/messages');
    await screen.findByRole('link', { name: 'About m-9' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search name, e-mail, subject or text' }), { target: { value: ' cloud & co ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/api/admin/messages?folder=inbox&q=cloud+%26+co'));
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Inbox: 1 message matching “cloud & co”');
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getAllByRole('cell')[3]!.textContent).toBe('Esha Editor');

    const assignment = screen.getByRole('navigation', { name: 'Assignment' });
    fireEvent.click(within(assignment).getByRole('link', { name: 'Assigned to me' }));
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/api/admin/messages?folder=inbox&q=cloud+%26+co&assigned=me'));
    expect(within(assignment).getByRole('link', { name: 'Assigned to me' }).getAttribute('aria-current')).toBe('page');
    // Another folder keeps the search and the filter.
    const spam = screen.getByRole('link', { name: 'Spam (3)' });
    expect(spam.getAttribute('href')).toBe('/admin/messages?folder=spam&q=cloud+%26+co&assigned=me');
    fireEvent.click(screen.getByRole('link', { name: 'Clear search' }));
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/api/admin/messages?folder=inbox&assigned=me'));
  });

  it('assigns the message, to me or to whom is chosen', async () => {
    const calls = stubFetch((c) => {
      if (c.method === 'PUT') {
        const id = (c.body as { staffId: string }).staffId;
        return detail({ assignedTo: id, assigneeName: id === 'ed-1' ? 'Esha Editor' : id ? 'Ada Admin' : '' });
      }
      return detail();
    });
    renderAt('/admin/messages/m-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText('Assigned to Esha Editor.')).toBeTruthy();
    expect(calls.at(-1)).toEqual({ method: 'PUT', url: '/api/admin/messages/m-1/assignee', body: { staffId: 'ed-1' } });
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
    const select = screen.getByRole('combobox', { name: 'Assigned to' }) as HTMLSelectElement;
    expect(select.value).toBe('ed-1');
    expect([...select.options].map((o) => o.textContent)).toEqual(['No one', 'Esha Editor (you)', 'Ada Admin']);
    fireEvent.change(select, { target: { value: 'ad-1' } });
    // The choice is rendered before it is saved (the save sends what the form holds).
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Assigned to' }) as HTMLSelectElement).value).toBe('ad-1'));
    fireEvent.click(screen.getByRole('button', { name: 'Save assignment' }));
    expect(await screen.findByText('Assigned to Ada Admin.')).toBeTruthy();
    expect(calls.at(-1)!.body).toEqual({ staffId: 'ad-1' });
  });

  it('shows the thread: notes for staff, replies with where they went and their e-mail status', async () => {
    stubFetch(() =>
      detail({
        thread: [
          { id: 't1', kind: 'note', authorName: 'Esha Editor', to: '', subject: '', body: 'Called them.', outboxStatus: '', createdAt: '2026-11-20T11:00:00Z' },
          {
            id: 't2',
            kind: 'reply',
            authorName: 'Ada Admin',
            to: 'meera@example.com',
            subject: 'Re: A quote',
            body: 'Thanks, Meera.',
            outboxStatus: 'sent',
            createdAt: '2026-11-20T12:00:00Z',
          },
        ],
      }),
    );
    renderAt('/admin/messages/m-1');
    const thread = within(await screen.findByRole('region', { name: 'Notes and replies' }));
    const items = thread.getAllByRole('listitem');
    expect(items[0]!.textContent).toMatch(/^Note by Esha Editor, .* \(staff only\)Called them\.$/);
    expect(items[1]!.textContent).toMatch(/^Reply by Ada Admin, .*E-mailed to meera@example.com from the site, subject “Re: A quote”\. E-mail: Sent\.Their answer goes to the company mailbox \(hello@site.test\), not to this console\.Thanks, Meera\.$/);
  });

  it('sends a reply and adds a note, keeping the text when the server refuses it', async () => {
    let refuse = true;
    const calls = stubFetch((c) => {
      if (c.method === 'POST' && c.url.endsWith('/replies')) {
        const b = c.body as { subject: string; body: string };
        return detail({
          thread: [{ id: 'r1', kind: 'reply', authorName: 'Esha Editor', to: 'meera@example.com', subject: b.subject, body: b.body, outboxStatus: 'queued', createdAt: '2026-11-20T12:00:00Z' }],
        });
      }
      if (c.method === 'POST') return detail({ thread: [{ id: 'n1', kind: 'note', authorName: 'Esha Editor', to: '', subject: '', body: 'x', outboxStatus: '', createdAt: '2026-11-20T12:00:00Z' }] });
      return detail();
    });
    const real = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      if (refuse && init?.method === 'POST' && url.endsWith('/replies')) {
        refuse = false;
        calls.push({ method: 'POST', url, body: JSON.parse(String(init.body)) });
        return Promise.resolve(
          new Response(JSON.stringify({ error: { code: 'invalid', message: 'Write the reply before sending it.', fields: { body: 'Write the reply before sending it.' } } }), { status: 422 }),
        );
      }
      return real(url, init);
    });
    renderAt('/admin/messages/m-1');
    const subject = (await screen.findByRole('textbox', { name: 'Subject' })) as HTMLInputElement;
    fireEvent.change(subject, { target: { value: 'Your quote' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect((await screen.findAllByText('Write the reply before sending it.')).length).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: 'Reply' }).getAttribute('aria-invalid')).toBe('true');
    expect(subject.value).toBe('Your quote');

    fireEvent.change(screen.getByRole('textbox', { name: 'Reply' }), { target: { value: 'We can start in May.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Reply queued to meera@example.com. You can follow it in the thread above.')).toBeTruthy();
    expect(calls.at(-1)).toEqual({ method: 'POST', url: '/api/admin/messages/m-1/replies', body: { subject: 'Your quote', body: 'We can start in May.' } });
    expect((screen.getByRole('textbox', { name: 'Reply' }) as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByText(/E-mail: Waiting to be sent\./)).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note added.')).toBeTruthy();
    expect(calls.at(-1)).toEqual({ method: 'POST', url: '/api/admin/messages/m-1/notes', body: { body: 'x' } });
  });

  it('offers no reply to a message in Spam', async () => {
    stubFetch(() => detail({ spam: true }));
    renderAt('/admin/messages/m-1');
    expect(await screen.findByText('This message is in Spam. Take it out of Spam (Not spam) before replying.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send reply' })).toBeNull();
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
  it('reads folders, writes list queries and defaults reply subjects', () => {
    expect(folderOf('spam')).toBe('spam');
    expect(folderOf('trash')).toBe('inbox');
    expect(folderOf(null)).toBe('inbox');
    expect(listSearch({ folder: 'inbox', q: ' ', assigned: '', page: 1 })).toBe('');
    expect(listSearch({ folder: 'spam', q: ' a&b ', assigned: 'me', page: 2 })).toBe('folder=spam&q=a%26b&assigned=me&page=2');
    expect(replySubject(' A quote ')).toBe('Re: A quote');
    expect(replySubject('RE: A quote')).toBe('RE: A quote');
    expect(replySubject('')).toBe('Re: your message');
    expect(outboxStatusText('queued')).toBe('Waiting to be sent');
    expect(outboxStatusText('')).toBe('No longer in the outbox');
  });
});
