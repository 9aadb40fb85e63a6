import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { ApiRequestError } from '../../lib/api-client';
import type { ApplicantStatus } from '../../gen/wire';
import { failedView } from './application-status';
import { checkLostLink } from './lost-link-form';
import { attachmentName, formatApplied, tokenFromHash } from './status-api';

const TOKEN = 'Abc_def-0123456789abcdefghijklmnopqrstuvwxy';

const received: ApplicantStatus = {
  reference: 'APP-7KQ2M4XD',
  jobTitle: 'Platform Engineer',
  appliedAt: '2026-11-21T10:00:00Z',
  stage: 'received',
  stageLabel: 'Received',
  nextSteps: 'We have your application.',
  canWithdraw: true,
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Stubs fetch with answers by path; records what was posted. */
function stubApi(answers: Record<string, () => Response>) {
  const calls: { path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[path];
    return answer ? answer() : json(500, {});
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

function open(hash: string) {
  window.history.replaceState(null, '', `/application-status${hash}`);
  renderApp(`/application-status${hash}`);
}

describe('status page logic', () => {
  it('reads the token from the fragment only when it is one', () => {
    expect(tokenFromHash(`#t=${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromHash(`t=${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#t=short')).toBeNull();
    expect(tokenFromHash(`#t=${TOKEN}x`)).toBeNull();
    expect(tokenFromHash(`#x=${TOKEN}`)).toBeNull();
  });

  it('writes dates in words and reads the download name', () => {
    expect(formatApplied('2026-11-21T23:30:00Z')).toBe('21 November 2026');
    expect(formatApplied('nonsense')).toBe('');
    expect(attachmentName('attachment; filename=application-APP-7KQ2M4XD.zip', 'x.zip')).toBe('application-APP-7KQ2M4XD.zip');
    expect(attachmentName('attachment; filename="a b.zip"', 'x.zip')).toBe('a b.zip');
    expect(attachmentName(null, 'x.zip')).toBe('x.zip');
  });

  it('tells a dead link from a failure and checks the lost-link fields', () => {
    expect(failedView(new ApiRequestError(404, { code: 'not_found', message: 'gone' }))).toEqual({ kind: 'dead', message: 'gone' });
    expect(failedView(new ApiRequestError(500, { code: 'internal', message: 'oops' }))).toEqual({ kind: 'failed', message: 'oops' });
    expect(checkLostLink({ email: ' ', reference: '' })).toEqual({
      email: 'Enter the e-mail address you applied with.',
      reference: 'Enter your reference.',
    });
    expect(checkLostLink({ email: 'a@b.co', reference: 'APP-7KQ2M4XD' })).toEqual({});
  });
});

describe('status page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('shows the application from the link, posting the token in the body', async () => {
    const calls = stubApi({ '/api/application-status': () => json(200, received) });
    open(`#t=${TOKEN}`);
    const details = await screen.findByRole('heading', { name: 'Platform Engineer' });
    const section = details.closest('section')!;
    const terms = Array.from(section.querySelectorAll('dt')).map((d) => [d.textContent, d.nextElementSibling?.textContent]);
    expect(terms).toEqual([
      ['Position', 'Platform Engineer'],
      ['Reference', 'APP-7KQ2M4XD'],
      ['Applied on', '21 November 2026'],
      ['Stage', 'Received'],
    ]);
    expect(within(section).getByText('We have your application.')).toBeTruthy();
    expect(calls).toEqual([{ path: '/api/application-status', body: { token: TOKEN } }]);
    for (const name of ['Withdraw application', 'Download my data', 'Erase my application']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('withdraws only after confirming in the dialog', async () => {
    const calls = stubApi({
      '/api/application-status': () => json(200, received),
      '/api/application-status/withdraw': () =>
        json(200, { ...received, stage: 'withdrawn', stageLabel: 'Withdrawn', nextSteps: 'You withdrew it.', canWithdraw: false }),
    });
    open(`#t=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw application' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw your application?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.map((c) => c.path)).toEqual(['/api/application-status']);

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw application' }));
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog', { name: 'Withdraw your application?' })).getByRole('button', { name: 'Withdraw application' }));
    });
    await waitFor(() => expect(screen.getByText('Withdrawn')).toBeTruthy());
    expect(calls[1]).toEqual({ path: '/api/application-status/withdraw', body: { token: TOKEN } });
    expect(screen.queryByRole('button', { name: 'Withdraw application' })).toBeNull();
    expect(screen.getByText('Your application is withdrawn.')).toBeTruthy();
  });

  it('erases with the explicit confirmation and says so', async () => {
    const calls = stubApi({
      '/api/application-status': () => json(200, received),
      '/api/application-status/erase': () => json(200, { reference: 'APP-7KQ2M4XD' }),
    });
    open(`#t=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Erase my application' }));
    const dialog = screen.getByRole('dialog', { name: 'Erase your application?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Erase my application' }));
    });
    const done = await screen.findByRole('heading', { name: 'Your application is erased' });
    expect(document.activeElement).toBe(done);
    expect(calls[1]).toEqual({ path: '/api/application-status/erase', body: { token: TOKEN, confirm: 'erase' } });
  });

  it('offers the lost-link form without a link, and after a dead one', async () => {
    const calls = stubApi({
      '/api/application-status': () => json(404, { error: { code: 'not_found', message: 'This link no longer works.' } }),
      '/api/application-status/link': () => json(202, { message: 'If an application matches, we have e-mailed a new link.' }),
    });
    open('');
    expect(await screen.findByRole('heading', { name: 'Lost your link?' })).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a new link' }));
    expect(await screen.findByText('Enter your reference.')).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.input(screen.getByLabelText('E-mail address'), { target: { value: ' asha@example.com ' } });
    fireEvent.input(screen.getByLabelText('Reference'), { target: { value: 'APP-7KQ2M4XD' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'E-mail me a new link' }));
    });
    expect(await screen.findByText('If an application matches, we have e-mailed a new link.')).toBeTruthy();
    expect(calls).toEqual([
      { path: '/api/application-status/link', body: { email: 'asha@example.com', reference: 'APP-7KQ2M4XD', homepage: '' } },
    ]);
  });

  it('says when the link no longer works', async () => {
    stubApi({ '/api/application-status': () => json(404, { error: { code: 'not_found', message: 'This link no longer works.' } }) });
    open(`#t=${TOKEN}`);
    expect(await screen.findByText('This link no longer works.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Lost your link?' })).toBeTruthy();
  });
});
