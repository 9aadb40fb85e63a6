// The editor's versions, through the blog screen and the jobs screen: a
// save refused as a conflict, the revisions, restoring, duplicating.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminJob, AdminPost, AdminRevisionList } from '../../gen/wire';
import BlogScreen from '../blog/blog-screen';
import JobsScreen from '../jobs/jobs-screen';
import { renderScreen, stubApi } from '../test-utils';
import './editor-test-stubs';

const post: AdminPost = {
  id: 'post000000000001',
  earlierSlugs: [],
  slug: '',
  seoTitle: '',
  seoDescription: '',
  socialImage: '',
  title: 'Cloud bills',
  description: 'Why they grow.',
  content: '<p>Intro.</p><h2>Costs</h2><p>Mine.</p>',
  status: 'draft',
  image: '',
  imageAlt: '',
  imageVersions: [],
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  url: '/blog/post000000000001',
  version: 3,
  updatedBy: 'Ed',
  schedule: null,
  authorId: '',
};

const revisions: AdminRevisionList = {
  revisions: [
    { version: 3, savedAt: '2026-11-20T10:00:00Z', savedBy: 'Ed', status: 'draft' },
    { version: 2, savedAt: '2026-11-19T10:00:00Z', savedBy: 'Asha Rao', status: 'draft' },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the editor’s versions', () => {
  it('sends the version the edit started from, and on a conflict names who changed it and keeps either version', async () => {
    const theirs: AdminPost = { ...post, title: 'Cloud bills, theirs', version: 4, updatedBy: 'Asha Rao', updatedAt: '2026-11-20T11:00:00Z' };
    let puts = 0;
    const calls = stubApi((c) => {
      if (c.method === 'GET' && c.path === `/posts/${post.id}`) return { body: post };
      if (c.path === `/posts/${post.id}/revisions`) return { body: revisions };
      if (c.method === 'PUT') {
        puts++;
        if (puts === 1) {
          return {
            status: 409,
            body: {
              error: {
                code: 'conflict',
                message: 'Asha Rao changed this post on 20 Nov 2026 at 11:00 UTC, after the version you started from.',
                conflict: { changedBy: 'Asha Rao', changedAt: theirs.updatedAt, baseVersion: 3, version: 4, post: theirs },
              },
            },
          };
        }
        return { body: { ...theirs, ...(c.body as object), version: 5, updatedBy: 'Ed' } };
      }
      return undefined;
    });
    renderScreen('/admin/blog/*', <BlogScreen />, `/admin/blog/${post.id}`);
    const title = (await screen.findByLabelText('Title')) as HTMLInputElement;
    fireEvent.change(title, { target: { value: 'Cloud bills, mine' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    expect((calls.find((c) => c.method === 'PUT')!.body as { baseVersion: number }).baseVersion).toBe(3);

    expect((await screen.findByRole('alert')).textContent).toContain('Asha Rao changed this post');
    const panel = screen.getByRole('region', { name: 'Asha Rao changed this post while you were editing' });
    // The two titles compared, each marked in words.
    expect(within(panel).getByText('Only in their version:', { exact: false }).parentElement!.textContent).toContain('Cloud bills, theirs');
    expect(within(panel).getByText('Only in your version:', { exact: false }).parentElement!.textContent).toContain('Cloud bills, mine');
    expect(within(panel).getByText('Unchanged: Description, Tags, Slug, SEO title, Search description, Cover image description, Content.')).toBeTruthy();
    expect(title.value).toBe('Cloud bills, mine'); // what was typed stays

    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Keep my version' })));
    const second = calls.filter((c) => c.method === 'PUT')[1]!;
    expect(second.body).toMatchObject({ title: 'Cloud bills, mine', baseVersion: 4 });
    expect((await screen.findByRole('status')).textContent).toContain('Your version is saved');
    expect(screen.queryByRole('region', { name: /changed this post/ })).toBeNull();
  });

  it('takes their version into the form when asked', async () => {
    const theirs: AdminPost = { ...post, content: '<p>Theirs.</p>', version: 4, updatedBy: 'Asha Rao' };
    stubApi((c) => {
      if (c.method === 'GET' && c.path === `/posts/${post.id}`) return { body: post };
      if (c.path === `/posts/${post.id}/revisions`) return { body: revisions };
      if (c.method === 'PUT') {
        return { status: 409, body: { error: { code: 'conflict', message: 'Asha Rao changed this post.', conflict: { changedBy: 'Asha Rao', changedAt: '2026-11-20T11:00:00Z', baseVersion: 3, version: 4, post: theirs } } } };
      }
      return undefined;
    });
    renderScreen('/admin/blog/*', <BlogScreen />, `/admin/blog/${post.id}`);
    const title = (await screen.findByLabelText('Title')) as HTMLInputElement;
    fireEvent.change(title, { target: { value: 'Mine' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    const panel = await screen.findByRole('region', { name: /Asha Rao changed this post/ });
    expect(within(panel).getAllByText('Only in their version:', { exact: false }).map((e) => e.parentElement!.textContent).join(' ')).toContain('Theirs.');
    act(() => fireEvent.click(within(panel).getByRole('button', { name: 'Take their version' })));
    expect(title.value).toBe('Cloud bills');
    expect(screen.getByRole('status').textContent).toContain('Their version is in the form now');
    expect(screen.queryByText('· Unsaved changes', { exact: false })).toBeNull();
  });

  it('lists the revisions with who and when, compares one with the current version and restores it', async () => {
    const v2: AdminPost = { ...post, content: '<p>Intro.</p><h2>Costs</h2><p>Older.</p>', version: 2, updatedBy: 'Asha Rao' };
    const calls = stubApi((c) => {
      if (c.method === 'GET' && c.path === `/posts/${post.id}`) return { body: post };
      if (c.path === `/posts/${post.id}/revisions`) return { body: revisions };
      if (c.path === `/posts/${post.id}/revisions/2`) return { body: v2 };
      if (c.path === `/posts/${post.id}/revisions/2/restore`) return { body: { ...v2, version: 4, updatedBy: 'Ed' } };
      return undefined;
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderScreen('/admin/blog/*', <BlogScreen />, `/admin/blog/${post.id}`);
    const table = await screen.findByRole('table', { name: 'Revisions, newest first' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('3 (current)');
    expect(rows[2]!.textContent).toContain('Asha Rao');
    expect(within(rows[1]!).queryByRole('button')).toBeNull(); // the current version is not restored

    await act(async () => fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Compare with current (version 2)' })));
    const compared = await screen.findByRole('region', { name: 'Version 2 compared with the current version (3)' });
    expect(within(compared).getByText('Only in version 2:', { exact: false }).parentElement!.textContent).toContain('Older.');
    expect(within(compared).getByText('Only in the current version:', { exact: false }).parentElement!.textContent).toContain('Mine.');

    await act(async () => fireEvent.click(within(compared).getByRole('button', { name: 'Restore version 2' })));
    expect(calls.find((c) => c.path.endsWith('/restore'))!.body).toEqual({ baseVersion: 3 });
    expect((await screen.findByRole('status')).textContent).toBe('Version 2 restored as version 4.');
    await waitFor(() => expect(calls.filter((c) => c.path === `/posts/${post.id}/revisions`).length).toBe(2)); // the list again
  });

  it('duplicates a job into a draft copy and opens it', async () => {
    const job = {
      id: 'job0000000000001', jobTitle: 'Platform Engineer', experience: '3-5', location: 'Hyderabad', department: '', locationId: 'hyderabad', departmentId: '',
      workplace: 'onsite', yearsMin: 3, yearsMax: 5, unmapped: [], employmentType: 'FULL_TIME', salaryMin: 0, salaryMax: 0, closingDate: '',
      description: '<p>Build.</p>', status: 'open', expired: false, createdAt: '2026-11-20T10:00:00Z', updatedAt: '2026-11-20T10:00:00Z',
      url: '/job/job0000000000001', check: [], version: 2, updatedBy: 'Rec',
    } satisfies AdminJob;
    const copy: AdminJob = { ...job, id: 'job0000000000002', jobTitle: 'Copy of Platform Engineer', status: 'draft', version: 1, url: '/job/job0000000000002' };
    const calls = stubApi((c) => {
      if (c.path === '/job-lists') return { body: { locations: [{ id: 'hyderabad', name: 'Hyderabad', aliases: [] }], departments: [] } };
      if (c.method === 'GET' && c.path === `/jobs/${job.id}`) return { body: job };
      if (c.method === 'GET' && c.path === `/jobs/${copy.id}`) return { body: copy };
      if (c.path.endsWith('/revisions')) return { body: { revisions: [] } };
      if (c.method === 'POST' && c.path === `/jobs/${job.id}/duplicate`) return { status: 201, body: copy };
      return undefined;
    });
    renderScreen('/admin/jobs/*', <JobsScreen />, `/admin/jobs/${job.id}`);
    const duplicate = await screen.findByRole('button', { name: 'Duplicate' }, { timeout: 5000 });
    await act(async () => fireEvent.click(duplicate));
    expect(calls.some((c) => c.method === 'POST' && c.path === `/jobs/${job.id}/duplicate`)).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Edit job: Copy of Platform Engineer' })).toBeTruthy();
    expect(screen.getByText('Duplicated. This is the copy, a draft', { exact: false }).getAttribute('role')).toBe('status');
    expect(screen.getByText('Draft')).toBeTruthy();
  });
});
