import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BlogPost, Comment } from '../../gen/wire';
import { renderApp } from '../../test/render-app';
import { COMMENT_RULES } from '../../gen/comment-rules';
import { ruleOf } from '../../lib/form-rules';

const post: BlogPost = {
  id: 'p1',
  path: '/blog/p1',
  title: 'A post',
  description: '',
  image: '',
  createdAt: '2026-11-02T08:00:00Z',
  dateText: 'November 2, 2026',
  slides: [{ heading: '', html: '<p>Body.</p>' }],
  pageTitle: 'A post | Nimbus Grove Technologies',
};

const old: Comment = { id: 'c1', name: 'Ravi', website: '', comment: 'First!', createdAt: '2026-11-02T10:00:00Z', dateText: 'November 2, 2026' };

const api = { '/api/blogs/p1': { data: post }, '/api/blogs/p1/comments': { data: [old] } };

const filled = { Name: 'Asha Rao', Email: 'asha@example.com', Website: 'https://asha.example', Comment: 'Nice read.\nThanks!' };

function fill(values: Record<string, string> = filled) {
  for (const [label, value] of Object.entries(values)) fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

/** The comment table's words for a field's failed check. */
const words = (path: string, check: string) => ruleOf(COMMENT_RULES, path)?.messages[check] ?? '';

const submit = () => screen.getByRole('button', { name: /Post Comment|Posting/ });
const form = () => screen.getByRole('form', { name: 'Leave a comment' });
const names = () => within(screen.getByRole('region', { name: /^Comments/ })).queryAllByRole('article').map((a) => a.getAttribute('aria-label'));

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

describe('Comment form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('has labelled fields, the website optional, and a hidden honeypot named homepage', () => {
    renderApp('/blog/p1', { api });
    for (const label of ['Name', 'Email', 'Comment']) expect((screen.getByLabelText(label) as HTMLInputElement).required).toBe(true);
    const website = screen.getByLabelText('Website') as HTMLInputElement;
    expect(website.required).toBe(false);
    expect(website.type).toBe('url');
    expect((screen.getByLabelText('Email') as HTMLInputElement).type).toBe('email');
    expect(screen.getByLabelText('Comment').tagName).toBe('TEXTAREA');
    const trap = document.querySelector<HTMLInputElement>('input[name="homepage"]')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.closest('[aria-hidden="true"]')).toBeTruthy();
  });

  it('refuses empty and wrong fields in words, marks them and focuses the first', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderApp('/blog/p1', { api });
    fill({ Website: 'example.com' });
    fireEvent.click(submit());
    expect(fetch).not.toHaveBeenCalled();
    const name = screen.getByLabelText('Name');
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)!.textContent).toBe(words('name', 'required'));
    expect(screen.getByText(words('email', 'required'))).toBeTruthy();
    expect(screen.getByText(words('website', 'invalid'))).toBeTruthy();
    expect(screen.getByText(words('comment', 'required'))).toBeTruthy();
    // Typing in a field clears its message.
    fireEvent.input(name, { target: { value: 'A' } });
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it('posts JSON, shows Posting..., then puts a visible comment on top and clears the form', async () => {
    const { fetch, answer } = pendingFetch();
    renderApp('/blog/p1', { api });
    fill();
    fireEvent.click(submit());
    expect(submit().textContent).toBe('Posting...');
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/blogs/p1/comments');
    expect(init!.method).toBe('POST');
    const body = JSON.parse(init!.body as string);
    expect(body).toMatchObject({ name: 'Asha Rao', email: 'asha@example.com', website: 'https://asha.example', comment: 'Nice read.\nThanks!', homepage: '' });
    expect(typeof body.elapsedMs).toBe('number');

    const created: Comment = { id: 'c2', name: 'Asha Rao', website: 'https://asha.example', comment: 'Nice read.\nThanks!', createdAt: '2026-11-21T10:00:00Z', dateText: 'November 21, 2026' };
    await answer(json(201, { status: 'visible', comment: created }));
    expect(names()).toEqual(['Asha Rao', 'Ravi']);
    expect(within(form()).getByRole('status').textContent).toBe('Thank you! Your comment has been posted.');
    for (const label of Object.keys(filled)) expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe('');
    expect(submit().textContent).toBe('Post Comment');
    expect(fetch).toHaveBeenCalledTimes(1);
    // Never the e-mail address.
    expect(document.body.textContent).not.toContain('asha@example.com');
  });

  it('says a held comment awaits moderation, clears the form and does not list it', async () => {
    const { answer } = pendingFetch();
    renderApp('/blog/p1', { api });
    fill();
    fireEvent.click(submit());
    await answer(json(201, { status: 'held' }));
    expect(within(form()).getByRole('status').textContent).toBe('Your comment is awaiting moderation');
    expect(names()).toEqual(['Ravi']);
    expect((screen.getByLabelText('Comment') as HTMLTextAreaElement).value).toBe('');
  });

  it("shows the server's field messages at their fields", async () => {
    const { answer } = pendingFetch();
    renderApp('/blog/p1', { api });
    fill();
    fireEvent.click(submit());
    await answer(json(422, { error: { code: 'invalid', message: 'Check the form.', fields: { email: 'This e-mail address cannot receive mail.' } } }));
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(screen.getByText('This e-mail address cannot receive mail.')).toBeTruthy();
    expect((screen.getByLabelText('Comment') as HTMLTextAreaElement).value).toBe('Nice read.\nThanks!');
  });

  it.each([
    [429, { error: { code: 'rate_limited', message: 'Too many comments. Try again in a few minutes.' } }, 'Too many comments. Try again in a few minutes.'],
    [500, { error: { code: 'internal', message: 'Internal error.' } }, 'Your comment could not be posted. Please try again.'],
    [404, { error: { code: 'not_found', message: 'Not found.' } }, 'This post no longer takes comments.'],
  ])('says in words when the server answers %i, keeping what was typed', async (status, body, text) => {
    const { answer } = pendingFetch();
    renderApp('/blog/p1', { api });
    fill();
    fireEvent.click(submit());
    await answer(json(status, body));
    expect(within(form()).getByRole('alert').textContent).toBe(text);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Asha Rao');
    expect(names()).toEqual(['Ravi']);
  });

  it('says so when the network is down', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderApp('/blog/p1', { api });
    fill();
    await act(async () => fireEvent.click(submit()));
    expect(within(form()).getByRole('alert').textContent).toBe('Your comment could not be posted. Please try again.');
  });
});
