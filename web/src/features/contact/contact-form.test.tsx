import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';

const filled = { Name: 'Asha Rao', 'E-mail': 'asha@example.com', Subject: 'A new app', Message: 'We need a booking app for clinics.' };

function fill(values: Record<string, string> = filled) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.input(screen.getByLabelText(label), { target: { value } });
  }
}

const submitButton = () => screen.getByRole('button', { name: /Send Message|Sending/ });

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Stubs fetch with one pending answer; returns a function that gives it. */
function pendingFetch() {
  let answer: (r: Response) => void = () => {};
  const fetch = vi.fn((_url: string, _init?: RequestInit) => new Promise<Response>((resolve) => (answer = resolve)));
  vi.stubGlobal('fetch', fetch);
  return { fetch, answer: (r: Response) => act(async () => answer(r)) };
}

describe('Contact form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('has labelled required fields and a hidden honeypot out of the tab order', () => {
    renderApp('/contact-us');
    for (const label of Object.keys(filled)) expect((screen.getByLabelText(label) as HTMLInputElement).required).toBe(true);
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).type).toBe('email');
    expect(screen.getByLabelText('Message').tagName).toBe('TEXTAREA');
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.autocomplete).toBe('off');
    expect(trap.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(document.querySelector('label[for="contact-website"]')!.textContent).toBe('Leave this field empty');
  });

  it('sends the fields as JSON, shows Sending..., then success and clears the form', async () => {
    const { fetch, answer } = pendingFetch();
    renderApp('/contact-us');
    fill();
    fireEvent.click(submitButton());
    expect(submitButton().textContent).toBe('Sending...');
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/contact');
    expect(init!.method).toBe('POST');
    const body = JSON.parse(init!.body as string);
    expect(Object.keys(body).sort()).toEqual(['elapsedMs', 'email', 'message', 'name', 'subject', 'website']);
    expect(body).toMatchObject({ name: 'Asha Rao', email: 'asha@example.com', subject: 'A new app', website: '' });
    expect(body.elapsedMs).toBeGreaterThanOrEqual(0);

    await answer(json(201, { id: 'c1' }));
    expect(screen.getByText('Message sent successfully!').getAttribute('role')).toBe('status');
    expect(submitButton().textContent).toBe('Send Message');
    for (const label of Object.keys(filled)) expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe('');
  });

  it('says sending failed and keeps what was typed', async () => {
    const { answer } = pendingFetch();
    renderApp('/contact-us');
    fill();
    fireEvent.click(submitButton());
    await answer(json(500, { error: { code: 'internal', message: 'Internal error.' } }));
    expect(screen.getByRole('alert').textContent).toBe('Error sending message. Please try again.');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe(filled.Message);
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends an idempotency key: the same when the same message is sent again, a new one once edited or sent', async () => {
    const { fetch, answer } = pendingFetch();
    const keyOf = (call: number) => new Headers(fetch.mock.calls[call]![1]!.headers).get('Idempotency-Key');
    renderApp('/contact-us');
    fill();
    fireEvent.click(submitButton());
    // A proxy's 502: the message may have been stored, its answer lost.
    await answer(new Response('Bad Gateway', { status: 502 }));
    expect(screen.getByRole('alert').textContent).toBe('Error sending message. Please try again.');
    fireEvent.click(submitButton());
    expect(keyOf(0)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(1)).toBe(keyOf(0));

    await answer(json(500, { error: { code: 'internal', message: 'Internal error.' } }));
    fireEvent.input(screen.getByLabelText('Message'), { target: { value: 'We need a booking app for clinics, and soon.' } });
    fireEvent.click(submitButton());
    expect(keyOf(2)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(2)).not.toBe(keyOf(1));

    await answer(json(201, { id: 'c1' }));
    expect(screen.getByText('Message sent successfully!')).toBeTruthy();
    fill(); // the first message again, as a new one
    fireEvent.click(submitButton());
    expect(keyOf(3)).toMatch(/^[0-9a-f]{32}$/);
    expect([keyOf(0), keyOf(2)]).not.toContain(keyOf(3));
    await answer(json(201, { id: 'c2' }));
  });

  it('says sending failed when the network is down', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderApp('/contact-us');
    fill();
    fireEvent.click(submitButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Error sending message. Please try again.'));
  });

  it("shows the server's field errors next to their fields and focuses the first", async () => {
    const { answer } = pendingFetch();
    renderApp('/contact-us');
    fill();
    fireEvent.click(submitButton());
    await answer(
      json(422, {
        error: { code: 'invalid', message: 'Check the form.', fields: { subject: 'Too spammy.', email: 'Enter a valid e-mail address.' } },
      }),
    );
    const email = screen.getByLabelText('E-mail');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).toBe('Enter a valid e-mail address.');
    expect(screen.getByLabelText('Subject').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(email);
    expect((email as HTMLInputElement).value).toBe(filled['E-mail']);

    // Editing a field clears its message.
    fireEvent.input(email, { target: { value: 'asha@example.org' } });
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's message when sending too often", async () => {
    const { answer } = pendingFetch();
    renderApp('/contact-us');
    fill();
    fireEvent.click(submitButton());
    await answer(json(429, { error: { code: 'rate_limited', message: 'Too many messages. Wait a minute and try again.' } }));
    expect(screen.getByRole('alert').textContent).toBe('Too many messages. Wait a minute and try again.');
  });

  it('checks the fields before sending, with the same messages as the server', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderApp('/contact-us');
    fill({ ...filled, 'E-mail': 'asha@example', Message: 'Too short' });
    fireEvent.click(submitButton());
    expect(fetch).not.toHaveBeenCalled();
    const email = screen.getByLabelText('E-mail');
    expect(document.activeElement).toBe(email);
    expect(screen.getByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(screen.getByText('Message must be at least 10 characters.')).toBeTruthy();
    expect(screen.getByLabelText('Message').getAttribute('aria-describedby')).toBe('contact-message-hint contact-message-error');
  });

  it('sends the honeypot value along', async () => {
    const { fetch, answer } = pendingFetch();
    renderApp('/contact-us');
    fill();
    fireEvent.input(document.querySelector('input[name="website"]')!, { target: { value: 'http://spam.example' } });
    fireEvent.click(submitButton());
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string).website).toBe('http://spam.example');
    await answer(json(201, { id: 'c2' }));
  });
});

describe('Contact page', () => {
  it('shows phone, e-mail and the office, and loads the map only on request', () => {
    renderApp('/contact-us');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Contact Us');
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: '+91 00000 00000' }).getAttribute('href')).toBe('tel:+910000000000');
    expect(main.getByRole('link', { name: 'hello@nimbusgrove.example' }).getAttribute('href')).toBe('mailto:hello@nimbusgrove.example');
    expect(main.getAllByText(/Uppal/).length).toBeGreaterThan(0);
    expect(main.getAllByText(/Hyderabad, Telangana/).length).toBeGreaterThan(0);
    const osm = screen.getByRole('link', { name: 'Open in OpenStreetMap (opens in a new tab)' });
    expect(osm.getAttribute('target')).toBe('_blank');
    expect(osm.getAttribute('href')).toMatch(/^https:\/\/www\.openstreetmap\.org\//);

    expect(document.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show map' }));
    const frame = document.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html/);
    expect(frame.getAttribute('loading')).toBe('lazy');
    expect(frame.title).toContain('Uppal');
    fireEvent.click(screen.getByRole('button', { name: 'Hide map' }));
    expect(document.querySelector('iframe')).toBeNull();
  });
});
