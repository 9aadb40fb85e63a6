import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../test/render-app';
import type { JobAlertView } from '../../gen/wire';
import { formatDate, tokenFromSearch } from './alert-api';
import { JobAlertForm } from './alert-form';
import { JobAlertManager } from './alert-view';

const TOKEN = 'Abc_def-0123456789abcdefghijklmnopqrstuvwxy';

const confirmed: JobAlertView = {
  email: 'a***@example.com',
  filter: 'Location: Pune',
  searchPath: '/jobs?location=Pune',
  frequency: 'daily',
  confirmed: true,
  expiresAt: '2027-11-21T10:00:00Z',
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Stubs fetch with answers by path; records what was posted. */
function stubApi(answers: Record<string, () => Response>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      calls.push({ path, body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {} });
      const answer = answers[path];
      return answer ? answer() : json(500, {});
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('alert helpers', () => {
  it('reads the token from the query only when it is one', () => {
    expect(tokenFromSearch(`?token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromSearch(`?token=${TOKEN}&renew=1`)).toBe(TOKEN);
    expect(tokenFromSearch('?token=short')).toBeNull();
    expect(tokenFromSearch('')).toBeNull();
  });
  it('writes the end date in words', () => {
    expect(formatDate('2027-11-21T10:00:00Z')).toBe('21 November 2027');
  });
});

describe('Job alert form', () => {
  const email = () => screen.getByLabelText('E-mail address') as HTMLInputElement;
  const submit = () => screen.getByRole('button', { name: /Get job alerts|Sending/ });

  it('has a visible label, the search in words and a weekly default', () => {
    render(<JobAlertForm filter="location=Pune" description="Location: Pune" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Get new jobs by e-mail' })).toBeTruthy();
    expect(screen.getByText('Location: Pune')).toBeTruthy();
    expect(email().type).toBe('email');
    expect((screen.getByLabelText('Weekly') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('form', { name: 'Get new jobs by e-mail' })).toBeTruthy();
  });

  it('asks for an address before sending anything', () => {
    const calls = stubApi({});
    render(<JobAlertForm filter="" description="All open positions" />);
    fireEvent.click(submit());
    expect(calls).toHaveLength(0);
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email().getAttribute('aria-describedby')!)!.textContent).toContain('Enter your e-mail address.');
  });

  it("shows the server's field errors and keeps what was typed", async () => {
    stubApi({
      '/api/job-alerts': () =>
        json(400, { error: { code: 'invalid', message: 'Check the highlighted fields.', fields: { email: 'Enter an e-mail address like name@example.com.' } } }),
    });
    render(<JobAlertForm filter="location=Pune" description="Location: Pune" />);
    fireEvent.input(email(), { target: { value: 'asha@' } });
    fireEvent.click(screen.getByLabelText('Daily'));
    await act(async () => fireEvent.click(submit()));
    await screen.findByText('Enter an e-mail address like name@example.com.');
    expect(email().value).toBe('asha@');
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Daily') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Check the highlighted fields.');
  });

  it('sends the search, frequency and honeypot, and says what happens next', async () => {
    const calls = stubApi({ '/api/job-alerts': () => json(202, { message: 'Check your inbox.' }) });
    render(<JobAlertForm filter="location=Pune" description="Location: Pune" />);
    fireEvent.input(email(), { target: { value: ' asha@example.com ' } });
    await act(async () => fireEvent.click(submit()));
    await waitFor(() => expect(screen.getByText('Check your inbox.')).toBeTruthy());
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ email: 'asha@example.com', filter: 'location=Pune', frequency: 'weekly', website: '' });
    expect(typeof calls[0]!.body.elapsedMs).toBe('number');
    expect(screen.getByText('Check your inbox.').getAttribute('aria-live')).toBe('polite');
  });
});

describe('Job alert page', () => {
  function open(search: string) {
    window.history.replaceState(null, '', `/alerts${search}`);
    render(<JobAlertManager />);
  }

  it('says it is loading until the alert comes, then shows it', async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((r) => (answer = r))));
    open(`?token=${TOKEN}`);
    expect(screen.getByRole('status').textContent).toContain('Loading your alert…');
    await act(async () => answer(json(200, confirmed)));
    expect(await screen.findByText('a***@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Location: Pune' }).getAttribute('href')).toBe('/jobs?location=Pune');
    expect(screen.getByText('21 November 2027')).toBeTruthy();
  });

  it('without a token says the page needs the link', async () => {
    stubApi({});
    open('');
    expect(await screen.findByText('This page needs the link from a job alert e-mail.')).toBeTruthy();
  });

  it('confirms only when the button is pressed', async () => {
    const calls = stubApi({
      '/api/job-alerts/view': () => json(200, { ...confirmed, confirmed: false }),
      '/api/job-alerts/confirm': () => json(200, { ...confirmed, message: 'Your job alert is confirmed.' }),
    });
    open(`?token=${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Confirm job alert' });
    expect(calls.map((c) => c.path)).toEqual(['/api/job-alerts/view']);
    await act(async () => fireEvent.click(button));
    expect(await screen.findByText('Your job alert is confirmed.')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/job-alerts/view', '/api/job-alerts/confirm']);
    expect(calls[1]!.body).toEqual({ token: TOKEN });
  });

  it('the renew link renews nothing by itself: it puts the renew button first', async () => {
    const calls = stubApi({
      '/api/job-alerts/view': () => json(200, confirmed),
      '/api/job-alerts/renew': () => json(200, { ...confirmed, expiresAt: '2027-12-01T10:00:00Z', message: 'Renewed: this alert now runs until 1 December 2027.' }),
    });
    open(`?token=${TOKEN}&renew=1`);
    const renew = await screen.findByRole('button', { name: 'Renew for 12 months' });
    expect(screen.getByText('Keep getting this alert? Renew it to run for 12 more months.')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/job-alerts/view']);
    await act(async () => fireEvent.click(renew));
    expect(await screen.findByText('Renewed: this alert now runs until 1 December 2027.')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/job-alerts/view', '/api/job-alerts/renew']);
  });

  it('ends the alert, and an ended link says so', async () => {
    const calls = stubApi({
      '/api/job-alerts/view': () => json(200, confirmed),
      '/api/job-alerts/unsubscribe': () => json(200, { message: 'This alert has ended. We will not e-mail you about it again.' }),
    });
    open(`?token=${TOKEN}`);
    const end = await screen.findByRole('button', { name: 'End this alert' });
    await act(async () => fireEvent.click(end));
    expect((await screen.findByText(/^This alert has ended\./)).closest('[role="status"]')).toBeTruthy();
    expect(calls.at(-1)).toEqual({ path: '/api/job-alerts/unsubscribe', body: { token: TOKEN } });
  });

  it('changes how often', async () => {
    const calls = stubApi({
      '/api/job-alerts/view': () => json(200, confirmed),
      '/api/job-alerts/frequency': () => json(200, { ...confirmed, frequency: 'weekly', message: 'You will get this alert weekly.' }),
    });
    open(`?token=${TOKEN}`);
    const weekly = await screen.findByRole('button', { name: 'Send weekly instead' });
    await act(async () => fireEvent.click(weekly));
    expect(await screen.findByText('You will get this alert weekly.')).toBeTruthy();
    expect(calls.at(-1)!.body).toEqual({ token: TOKEN, frequency: 'weekly' });
    expect(screen.getByText('Weekly')).toBeTruthy();
  });

  it('a link that no longer works says the alert has ended', async () => {
    stubApi({ '/api/job-alerts/view': () => json(404, { error: { code: 'not_found', message: 'This link no longer works: the alert has ended or the link has expired.' } }) });
    open(`?token=${TOKEN}`);
    expect((await screen.findByText(/the alert has ended/)).closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse open positions' })).toBeTruthy();
  });
});
