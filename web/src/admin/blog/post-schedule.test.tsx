import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminPost } from '../../gen/wire';
import '../editor/editor-test-stubs';
import { jsonAnswer, renderScreen } from '../test-utils';
import BlogScreen from './blog-screen';
import { localText, zoneLabel } from './post-schedule';

const renderAt = (path: string) => renderScreen('/admin/blog/*', <BlogScreen />, path);

const post: AdminPost = {
  id: 'post000000000002',
  earlierSlugs: [],
  slug: '',
  seoTitle: '',
  seoDescription: '',
  socialImage: '',
  title: 'Cloud bills',
  description: 'Why they grow.',
  content: '<h2>One</h2><p>Text.</p>',
  status: 'draft',
  image: '',
  imageAlt: '',
  imageVersions: [],
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  url: '/blog/post000000000002',
  version: 1,
  updatedBy: '',
  schedule: null,
  authorId: '',
};

const scheduled: AdminPost = {
  ...post,
  schedule: { publishAt: '2026-12-03T03:30:00Z', local: '2026-12-03T09:00', text: 'Scheduled for 3 December 2026, 09:00 IST', byName: 'Asha Rao' },
};

type Call = { method: string; url: string; body: unknown };

/** A fetch that records calls and answers with reply(call). */
function stub(reply: (c: Call) => [number, unknown]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const c = { method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(c);
      const [status, body] = reply(c);
      return jsonAnswer(status, body);
    }),
  );
  return calls;
}

describe('zone and time words', () => {
  it('names the site zone with its offset, and a field value in words', () => {
    expect(zoneLabel('Asia/Kolkata')).toBe('India Standard Time (UTC+05:30)');
    expect(zoneLabel('UTC')).toBe('Coordinated Universal Time (UTC)');
    expect(localText('2026-12-03T09:00', 'Asia/Kolkata')).toBe('3 December 2026, 09:00 IST');
    expect(localText('not a time')).toBe('');
  });
});

describe('scheduling a post', () => {
  it('saves, then schedules at the typed time in the site zone, and says when it publishes', async () => {
    const calls = stub((c) => {
      if (c.url.endsWith('/schedule')) return [200, scheduled];
      if (c.method === 'PUT') return [200, { ...post, ...(c.body as object) }];
      return [200, post];
    });
    renderAt(`/admin/blog/${post.id}`);
    const field = (await screen.findByLabelText('Publish at')) as HTMLInputElement;
    expect(field.type).toBe('datetime-local');
    const described = field.getAttribute('aria-describedby')!.split(' ').map((i) => document.getElementById(i)?.textContent);
    expect(described).toContain('India Standard Time (UTC+05:30)');
    expect(screen.getByText('India Standard Time (UTC+05:30)')).toBeTruthy();
    fireEvent.change(field, { target: { value: '2026-12-03T09:00' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Schedule' })));
    // The revisions panel reads the post's revisions on its own, the author field the authors.
    const edits = calls.filter((c) => !c.url.endsWith('/revisions') && !c.url.endsWith('/authors'));
    expect(edits.map((c) => `${c.method} ${c.url}`)).toEqual([
      `GET /api/admin/posts/${post.id}`,
      `PUT /api/admin/posts/${post.id}`,
      `POST /api/admin/posts/${post.id}/schedule`,
    ]);
    expect(edits[2]!.body).toEqual({ publishAt: '2026-12-03T09:00' });
    expect((await screen.findByRole('status')).textContent).toBe('Scheduled for 3 December 2026, 09:00 IST. The post publishes itself then.');
    expect(screen.getAllByText('Scheduled for 3 December 2026, 09:00 IST').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unschedule' })).toBeTruthy();
    // Publish afterwards is a plain publish again.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Publish' })));
    expect(calls.at(-1)!.url).toBe(`/api/admin/posts/${post.id}/publish`);
  });

  it('shows the refusal of a time at its field, keeping what was typed', async () => {
    stub((c) =>
      c.url.endsWith('/schedule')
        ? [422, { error: { code: 'invalid', message: 'Please correct the publishing time.', fields: { publishAt: 'Choose a time at least 1 minute from now.' } } }]
        : [200, post],
    );
    renderAt(`/admin/blog/${post.id}`);
    const field = (await screen.findByLabelText('Publish at')) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '2020-01-01T09:00' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Schedule' })));
    expect((await screen.findByRole('alert')).textContent).toBe('Please correct the publishing time.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.value).toBe('2020-01-01T09:00');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(document.activeElement).toBe(field);
    const described = field.getAttribute('aria-describedby')!.split(' ').map((i) => document.getElementById(i)?.textContent);
    expect(described).toContain('Choose a time at least 1 minute from now.');
    expect(screen.getByText('Draft')).toBeTruthy();
  });

  it('shows a scheduled post, and unschedules it back to a draft', async () => {
    const calls = stub((c) => (c.method === 'DELETE' ? [200, post] : [200, scheduled]));
    renderAt(`/admin/blog/${post.id}`);
    const field = (await screen.findByLabelText('Publish at')) as HTMLInputElement;
    expect(field.value).toBe('2026-12-03T09:00');
    expect(screen.getByText('(set by Asha Rao). Until then it is a draft.', { exact: false })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Unschedule' })));
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: `/api/admin/posts/${post.id}/schedule` });
    expect((await screen.findByRole('status')).textContent).toContain('Unscheduled');
    expect(screen.getByText('Draft')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeTruthy();
    expect(field.value).toBe('');
  });

  it('has no schedule for a published post, and the list shows a scheduled one', async () => {
    stub(() => [200, { ...post, status: 'published' }]);
    const { unmount } = renderAt(`/admin/blog/${post.id}`);
    await screen.findByRole('button', { name: 'Unpublish' });
    expect(screen.queryByLabelText('Publish at')).toBeNull();
    unmount();
    stub(() => [
      200,
      { posts: [{ id: post.id, title: post.title, status: 'draft', createdAt: post.createdAt, updatedAt: post.updatedAt, schedule: scheduled.schedule }], page: 1, pages: 1, total: 1 },
    ]);
    renderAt('/admin/blog');
    expect(await screen.findByText('Scheduled for 3 December 2026, 09:00 IST')).toBeTruthy();
  });
});
