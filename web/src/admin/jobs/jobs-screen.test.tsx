import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminJob, CheckItem, JobLists } from '../../gen/wire';
import '../editor/editor-test-stubs';
import { jsonAnswer, renderScreen } from '../test-utils';
import JobsScreen from './jobs-screen';
import { StructuredDataCheck } from './structured-data-check';

const renderAt = (path: string) => renderScreen('/admin/jobs/*', <JobsScreen />, path);
const answer = jsonAnswer;

const lists: JobLists = {
  locations: [
    { id: 'bengaluru', name: 'Bengaluru', aliases: ['Bangalore'], jobs: 1 },
    { id: 'hyderabad', name: 'Hyderabad', aliases: [], jobs: 2 },
  ],
  departments: [{ id: 'engineering', name: 'Engineering', jobs: 2 }],
  workplaces: ['onsite', 'hybrid', 'remote'],
  yearsMax: 50,
  unmapped: [],
};

/** A fetch stub that answers the lists the editor loads, and the rest with answerRest. */
function withLists(answerRest: (url: string, init?: RequestInit) => Promise<Response>) {
  return vi.fn((url: string, init?: RequestInit) => (url === '/api/admin/job-lists' ? answer(200, lists) : answerRest(url, init)));
}

/** The calls a stub got, without the lists' load. */
function callsOf(mock: { mock: { calls: unknown[][] } }): [string, RequestInit][] {
  return (mock.mock.calls as [string, RequestInit][]).filter(([u]) => u !== '/api/admin/job-lists');
}

const check: CheckItem[] = [
  { field: 'title', label: 'Job title', ok: true, required: true, hint: '' },
  { field: 'validThrough', label: 'Closing date', ok: false, required: false, hint: 'Set a closing date.' },
];

const job: AdminJob = {
  id: 'job0000000000001',
  jobTitle: 'Platform Engineer',
  experience: '3-5',
  location: 'Hyderabad',
  department: '',
  locationId: 'hyderabad',
  departmentId: '',
  workplace: 'onsite',
  yearsMin: 3,
  yearsMax: 5,
  unmapped: [],
  employmentType: 'FULL_TIME',
  salaryMin: 0,
  salaryMax: 0,
  closingDate: '',
  description: '<h2>Role</h2><p>Build.</p>',
  status: 'draft',
  expired: false,
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  url: '/job/job0000000000001',
  check,
  version: 1,
  updatedBy: 'Rec',
};

describe('StructuredDataCheck', () => {
  it('says Present and Missing in words, with required or recommended', () => {
    render(<StructuredDataCheck items={check} source="as saved" />);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toContain('Present');
    expect(items[0]).toContain('Job title (required)');
    expect(items[1]).toContain('Missing');
    expect(items[1]).toContain('Closing date (recommended)');
    expect(items[1]).toContain('Set a closing date.');
    expect(screen.getByRole('status').textContent).toBe('Every required item is present.');
  });
});

describe('JobsScreen', () => {
  it('lists jobs with their status in words', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        answer(200, {
          jobs: [
            { id: job.id, jobTitle: 'Platform Engineer', location: 'Hyderabad', status: 'open', closingDate: '2026-12-01', expired: true, updatedAt: job.updatedAt, unmapped: [] },
            { id: 'job0000000000002', jobTitle: 'Consultant', location: 'Pune', status: 'closed', closingDate: '', expired: false, updatedAt: job.updatedAt, unmapped: ['location', 'experience'] },
          ],
          page: 1,
          pages: 1,
          total: 1,
        }),
      ),
    );
    renderAt('/admin/jobs');
    expect(await screen.findByRole('link', { name: 'Platform Engineer' })).toBeTruthy();
    expect(screen.getByText('Open, closing date passed')).toBeTruthy();
    expect(screen.getByText('2026-12-01')).toBeTruthy();
    expect(screen.getByText('Needs mapping: location, experience')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New job' }).getAttribute('href')).toBe('/admin/jobs/new');
  });

  it('picks the location and department from the lists and sends the years as numbers', async () => {
    const fetchMock = withLists(() => answer(201, job));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/admin/jobs/new');
    const location = (await screen.findByRole('combobox', { name: /^Location/ })) as HTMLSelectElement;
    await waitFor(() => expect(location.options).toHaveLength(3));
    expect(Array.from(location.options).map((o) => o.textContent)).toEqual(['Choose a location', 'Bengaluru (also Bangalore)', 'Hyderabad']);
    fireEvent.change(screen.getByLabelText('Job title', { exact: false }), { target: { value: 'Data Engineer' } });
    fireEvent.change(location, { target: { value: 'bengaluru' } });
    fireEvent.change(screen.getByRole('combobox', { name: /^Department/ }), { target: { value: 'engineering' } });
    fireEvent.change(screen.getByRole('combobox', { name: /^Workplace/ }), { target: { value: 'hybrid' } });
    fireEvent.change(screen.getByLabelText('Minimum years of experience', { exact: false }), { target: { value: '2' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    const [url, init] = callsOf(fetchMock)[0]!;
    expect(url).toBe('/api/admin/jobs');
    expect(JSON.parse(String(init.body))).toMatchObject({
      jobTitle: 'Data Engineer',
      locationId: 'bengaluru',
      departmentId: 'engineering',
      workplace: 'hybrid',
      yearsMin: 2,
      yearsMax: null,
    });
  });

  it('says what an unmapped job held and keeps it until an entry is chosen', async () => {
    const old = { ...job, location: 'Pune', locationId: '', experience: 'senior', yearsMin: null, yearsMax: null, unmapped: ['location', 'experience'] };
    vi.stubGlobal('fetch', withLists(() => answer(200, old)));
    renderAt(`/admin/jobs/${job.id}`);
    const location = (await screen.findByRole('combobox', { name: /^Location/ })) as HTMLSelectElement;
    expect(location.value).toBe('');
    expect(location.options[0]!.textContent).toBe('Keep “Pune” (not in the list)');
    expect(screen.getByText('Was “Pune”, which is not in the list. Choose one or ask an admin to add it.')).toBeTruthy();
    expect(screen.getByText('Was “senior”, which states no range of years. Enter the years to replace it.')).toBeTruthy();
  });

  it('keeps what was typed and shows the server’s messages at their fields', async () => {
    const fetchMock = withLists(() =>
      answer(400, {
        error: { code: 'invalid', message: 'Please correct the highlighted fields.', fields: { salaryMax: 'Maximum salary must not be less than the minimum salary.' } },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/admin/jobs/new');
    fireEvent.change(screen.getByLabelText('Job title', { exact: false }), { target: { value: 'Data Engineer' } });
    fireEvent.change(screen.getByLabelText('Minimum salary', { exact: false }), { target: { value: '900000' } });
    fireEvent.change(screen.getByLabelText('Maximum salary', { exact: false }), { target: { value: '100' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    expect((await screen.findByRole('alert')).textContent).toBe('Please correct the highlighted fields.');
    const max = screen.getByLabelText('Maximum salary', { exact: false }) as HTMLInputElement;
    expect(max.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(max.getAttribute('aria-describedby')!.split(' ').pop()!)?.textContent).toBe(
      'Maximum salary must not be less than the minimum salary.',
    );
    expect(max.value).toBe('100');
    expect((screen.getByLabelText('Job title', { exact: false }) as HTMLInputElement).value).toBe('Data Engineer');
    const [url, init] = callsOf(fetchMock)[0]!;
    expect(url).toBe('/api/admin/jobs');
    expect(JSON.parse(String(init.body))).toMatchObject({ jobTitle: 'Data Engineer', salaryMin: 900000, salaryMax: 100 });
  });

  it('loads a job, previews it in a sandboxed frame and shows the check', async () => {
    const fetchMock = withLists((url: string) => {
      if (url.startsWith('/api/admin/jobs/preview')) return answer(200, { html: '<!doctype html><h1>Platform Engineer</h1>', check });
      return answer(200, job);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderAt(`/admin/jobs/${job.id}`);
    expect(((await screen.findByLabelText('Job title', { exact: false })) as HTMLInputElement).value).toBe('Platform Engineer');
    expect(screen.getByRole('textbox', { name: 'Description' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Preview' })));
    const frame = await screen.findByTitle('Preview');
    // The site's origin, for its stylesheet and images; never scripts.
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin');
    expect(frame.getAttribute('srcdoc')).toContain('Platform Engineer');
    expect(fetchMock.mock.calls.some(([u]) => u === `/api/admin/jobs/preview?id=${job.id}`)).toBe(true);
    await waitFor(() => expect(screen.getByText('Missing')).toBeTruthy());
  });

  it('publishing a new job says so on the job’s own address, with the job open', async () => {
    const published = { ...job, status: 'open' };
    let state: 'none' | 'draft' | 'open' = 'none';
    const fetchMock = withLists((url: string, init: RequestInit = {}) => {
      if (url === '/api/admin/jobs' && init.method === 'POST') {
        state = 'draft';
        return answer(201, job);
      }
      if (url === `/api/admin/jobs/${job.id}/publish`) {
        state = 'open';
        return answer(200, published);
      }
      return answer(200, state === 'open' ? published : job);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/admin/jobs/new');
    fireEvent.change(screen.getByLabelText('Job title', { exact: false }), { target: { value: 'Platform Engineer' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Publish' })));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Edit job: Platform Engineer');
    await waitFor(() => expect(screen.getByText('Published. The job is on the career page now.')).toBeTruthy());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close job' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
  });

  it('a new job that cannot be published yet is kept as a draft, with the reasons at its fields', async () => {
    const draft = { ...job, location: '', locationId: '' };
    const fetchMock = withLists((url: string, init: RequestInit = {}) => {
      if (url === '/api/admin/jobs' && init.method === 'POST') return answer(201, draft);
      if (url === `/api/admin/jobs/${job.id}/publish`) {
        return answer(400, { error: { code: 'invalid', message: 'Please correct the highlighted fields.', fields: { locationId: 'Choose the location.' } } });
      }
      return answer(200, draft);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/admin/jobs/new');
    fireEvent.change(screen.getByLabelText('Job title', { exact: false }), { target: { value: 'Platform Engineer' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Publish' })));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Edit job: Platform Engineer');
    expect((await screen.findByRole('alert')).textContent).toBe('Please correct the highlighted fields.');
    const location = screen.getByLabelText('Location', { exact: false });
    expect(location.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose the location.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeTruthy();
  });

  it('asks before leaving with unsaved changes', () => {
    vi.stubGlobal('fetch', vi.fn());
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    renderAt('/admin/jobs/new');
    const back = screen.getByRole('link', { name: 'Back to jobs' });
    fireEvent.click(back);
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Jobs');
  });

  it('stays on the form when leaving unsaved changes is declined', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    renderAt('/admin/jobs/new');
    fireEvent.change(screen.getByLabelText('Job title', { exact: false }), { target: { value: 'Half typed' } });
    expect(screen.getByText(/Unsaved changes/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to jobs' }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Leave without saving them?');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('New job');
    expect((screen.getByLabelText('Job title', { exact: false }) as HTMLInputElement).value).toBe('Half typed');
  });
});
