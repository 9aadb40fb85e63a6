import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '../gen/wire';
import { renderApp } from '../test/render-app';

const job: Job = {
  id: 'go-eng',
  jobTitle: 'Backend Engineer (Go)',
  experience: '3-5',
  location: 'Hyderabad',
  description: '<h2>What you will do</h2><ul><li>Build APIs</li></ul><p><strong>Remote</strong> days are fine.</p>',
  department: 'Engineering',
  employmentType: 'FULL_TIME',
  workplace: 'remote',
  postedDaysAgo: 5,
  closingDate: '2026-12-31T00:00:00Z',
  applicationsOpen: true,
  pageTitle: 'Backend Engineer (Go) – Hyderabad | Nimbus Grove Technologies',
  createdAt: '2026-11-01T00:00:00Z',
};

describe('Job page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the job, its description HTML, Back and Apply', async () => {
    renderApp('/job/go-eng', { api: { '/api/jobs/go-eng': { data: job } } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Backend Engineer (Go)');
    expect(screen.getByText('Hyderabad')).toBeTruthy();
    expect(screen.getByText('3-5 years')).toBeTruthy();
    expect(screen.getByText('Engineering')).toBeTruthy();
    expect(screen.getByText('Full-time')).toBeTruthy();
    // A remote job's structured data names the country applicants must be in: the page says it.
    expect(screen.getByText('Remote, from anywhere in India')).toBeTruthy();
    expect(screen.getByText('December 31, 2026')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'What you will do' })).toBeTruthy();
    expect(screen.getByText('Build APIs').tagName).toBe('LI');
    expect(screen.getByRole('link', { name: 'Back to open positions' }).getAttribute('href')).toBe('/career');
    const apply = screen.getAllByRole('link', { name: 'Apply for Backend Engineer (Go)' });
    expect(apply.length).toBeGreaterThan(0);
    expect(apply[0]!.getAttribute('href')).toBe('/apply/go-eng');
    await waitFor(() => expect(document.title).toBe('Backend Engineer (Go) – Hyderabad | Nimbus Grove Technologies'));
  });

  it('leaves out facts the job does not have', () => {
    const { department: _d, employmentType: _e, closingDate: _c, ...bare } = job;
    renderApp('/job/go-eng', { api: { '/api/jobs/go-eng': { data: bare } } });
    expect(screen.queryByText('Department')).toBeNull();
    expect(screen.queryByText('Employment type')).toBeNull();
    expect(screen.queryByText('Apply by')).toBeNull();
  });

  it('replaces Apply with a note when the server says applications have closed', () => {
    renderApp('/job/go-eng', { api: { '/api/jobs/go-eng': { data: { ...job, applicationsOpen: false } } } });
    expect(screen.queryByRole('link', { name: /^Apply/ })).toBeNull();
    expect(screen.getAllByText('Applications for this position have closed.').length).toBeGreaterThan(0);
  });

  it('shows the not-found screen for a missing job', async () => {
    renderApp('/job/nope', { api: { '/api/jobs/nope': { error: { code: 'not_found', message: 'Job not found.' } } } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    await waitFor(() => expect(document.title).toBe('Page not found | Nimbus Grove Technologies'));
  });

  it('says a closed job is no longer open', () => {
    renderApp('/job/old', { api: { '/api/jobs/old': { error: { code: 'gone', message: 'Job closed.' } } } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This position is no longer open');
    expect(screen.getByRole('link', { name: 'See open positions' }).getAttribute('href')).toBe('/jobs');
  });

  it('explains other errors and offers a retry', () => {
    renderApp('/job/x', { api: { '/api/jobs/x': { error: { code: 'internal', message: 'Internal error.' } } } });
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/job/x');
  });

  it('shows Loading... only while the job is on its way', async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    renderApp('/job/go-eng');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    answer(new Response(JSON.stringify(job), { status: 200 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Backend Engineer (Go)' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
