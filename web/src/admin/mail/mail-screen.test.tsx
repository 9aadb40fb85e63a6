import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OutboxList, OutboxMessage, OutboxRow } from '../../gen/wire';
import MailScreen, { framedHTML, retryable, statusOf } from './mail-screen';
import { renderScreen, stubFetchUrls } from '../test-utils';

function row(id: string, status: string, over: Partial<OutboxRow> = {}): OutboxRow {
  return {
    id,
    to: 'staff@example.com',
    subject: `Subject ${id}`,
    status,
    attempts: status === 'queued' ? 0 : 10,
    lastError: status === 'failed' ? '550 mailbox unavailable' : '',
    nextAttemptAt: '2026-11-20T10:00:00Z',
    createdAt: '2026-11-20T09:00:00Z',
    ...over,
  };
}

function list(status: string, messages: OutboxRow[]): OutboxList {
  return { status, messages, total: messages.length, page: 1, pageSize: 50, counts: { queued: 1, sending: 0, sent: 4, failed: 1 } };
}

const stubFetch = stubFetchUrls;
const renderAt = (path: string) => renderScreen('/admin/mail/*', <MailScreen />, path);

describe('mail screen', () => {
  it('lists the outbox with a Retry button on failed and queued rows only', async () => {
    stubFetch(() => ({ body: list('', [row('f', 'failed'), row('q', 'queued'), row('s', 'sent', { sentAt: '2026-11-20T09:01:00Z' })]) }));
    renderAt('/admin/mail');
    await screen.findByText('Subject f');
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Failed')).toBeTruthy();
    expect(within(rows[0]!).getByText('550 mailbox unavailable')).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: /^Retry/ })).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: /^Retry/ })).toBeTruthy();
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    expect(screen.getByText('1 queued, 0 sending, 4 sent, 1 failed.')).toBeTruthy();
  });

  it('filters by status', async () => {
    const calls = stubFetch((c) => ({ body: c.url.includes('status=failed') ? list('failed', [row('f', 'failed')]) : list('', []) }));
    renderAt('/admin/mail');
    await screen.findByText('No e-mails here.');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    await screen.findByText('Subject f');
    expect(calls.at(-1)!.url).toBe('/api/admin/mail?status=failed');
  });

  it('retries a failed e-mail and reloads the list', async () => {
    let retried = false;
    const calls = stubFetch((c) => {
      if (c.method === 'POST') {
        retried = true;
        return { body: row('f', 'queued', { attempts: 10 }) };
      }
      return { body: list('', [row('f', retried ? 'queued' : 'failed')]) };
    });
    renderAt('/admin/mail');
    fireEvent.click(await screen.findByRole('button', { name: 'Retry e-mail to staff@example.com: Subject f' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'The e-mail “Subject f” to staff@example.com will be sent again now.',
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/admin/mail/f/retry']);
    // The reloaded list shows the e-mail queued (the status filter has a "Queued" option too).
    await waitFor(() => expect(within(screen.getByRole('table')).getByText('Queued')).toBeTruthy());
  });

  it('says why a retry was refused', async () => {
    stubFetch((c) =>
      c.method === 'POST'
        ? { status: 409, body: { error: { code: 'conflict', message: 'This e-mail is being sent right now.' } } }
        : { body: list('', [row('q', 'queued')]) },
    );
    renderAt('/admin/mail');
    fireEvent.click(await screen.findByRole('button', { name: /^Retry/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('This e-mail is being sent right now.');
  });
});

describe('mail helpers', () => {
  it('reads the filter and knows which rows may be retried', () => {
    expect(statusOf('sent')).toBe('sent');
    expect(statusOf('lost')).toBe('');
    expect(retryable('failed')).toBe(true);
    expect(retryable('queued')).toBe(true);
    expect(retryable('sending')).toBe(false);
    expect(retryable('sent')).toBe(false);
  });

  it('opens an e-mail: its headers, its text and its HTML in a sandbox that runs nothing', async () => {
    const mail: OutboxMessage = {
      row: row('f', 'failed', { subject: 'Your application' }),
      replyTo: 'hr@example.com',
      text: 'Hello Asha,\nthanks.',
      html: '<p>Hello <b>Asha</b></p><script>parent.alert(1)</script>',
    };
    const calls = stubFetch((c) => (c.url === '/api/admin/mail/f' ? { body: mail } : { body: list('', [row('f', 'failed')]) }));
    renderAt('/admin/mail');
    fireEvent.click(await screen.findByRole('link', { name: 'Open e-mail to staff@example.com: Subject f' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your application' })).toBeTruthy();
    expect(calls.at(-1)!.url).toBe('/api/admin/mail/f');
    expect(screen.getByText('hr@example.com')).toBeTruthy();
    expect(screen.getByText('550 mailbox unavailable')).toBeTruthy();
    expect(screen.getByText('10')).toBeTruthy();
    expect(screen.getByText(/Hello Asha,\s+thanks\./)).toBeTruthy();
    const frame = screen.getByTitle('HTML version of the e-mail “Your application”');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(framedHTML(mail.html));
    expect(framedHTML('<p>x</p>')).toContain("default-src 'none'");
  });

  it('shows why an e-mail cannot be opened', async () => {
    stubFetch(() => ({ status: 404, body: { error: { code: 'not_found', message: 'This e-mail is no longer in the outbox.' } } }));
    renderAt('/admin/mail/gone');
    expect(await screen.findByText(/This e-mail is no longer in the outbox\./)).toBeTruthy();
    expect(screen.queryByTitle(/HTML version/)).toBeNull();
  });
});
