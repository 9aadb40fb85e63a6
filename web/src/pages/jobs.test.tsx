import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocation, useNavigationType } from '../lib/router';
import type { Job, JobSearch } from '../gen/wire';
import { renderApp, renderWithProviders } from '../test/render-app';
import JobsPage from './jobs';

const job = (
  id: string,
  jobTitle: string,
  experience: string,
  location: string,
  department: string,
  facts: Partial<Job> = {},
): Job => ({
  id,
  jobTitle,
  experience,
  location,
  department,
  employmentType: 'FULL_TIME',
  workplace: 'onsite',
  postedDaysAgo: 3,
  description: '<p>Work.</p>',
  applicationsOpen: true,
  pageTitle: `${jobTitle} – ${location} | Nimbus Grove Technologies`,
  createdAt: '2026-11-01T00:00:00Z',
  ...facts,
});

const jobs = [
  job('go-eng', 'Backend Engineer (Go)', '5+', 'Hyderabad', 'Engineering', { yearsMin: 5, postedDaysAgo: 0 }),
  job('cloud', 'Cloud Engineer', '3-5', 'Bengaluru', 'Cloud', {
    locationAliases: ['Bangalore'],
    workplace: 'hybrid',
    yearsMin: 3,
    yearsMax: 5,
    postedDaysAgo: 1,
    employmentType: 'CONTRACTOR',
  }),
  job('react', 'Frontend Developer (React)', '2-4', 'Hyderabad', 'Engineering', { yearsMin: 2, yearsMax: 4, workplace: 'remote' }),
];

const answer = (matching: Job[], location = ''): { data: JobSearch } => ({
  data: {
    jobs: matching,
    total: jobs.length,
    locations: ['Bengaluru', 'Hyderabad'],
    workplaces: ['onsite', 'hybrid', 'remote'],
    departments: ['Cloud', 'Engineering'],
    location,
  },
});

/** Where the page navigated to, and how. */
function Probe() {
  const { pathname, search } = useLocation();
  return (
    <span data-testid="url" data-type={useNavigationType()}>
      {pathname + search}
    </span>
  );
}

function renderJobs(route: string, api: Record<string, { data: JobSearch }>) {
  return renderWithProviders(
    <>
      <JobsPage />
      <Probe />
    </>,
    { route, api },
  );
}

const cards = () => within(screen.getByRole('region', { name: 'Search open positions' })).queryAllByRole('listitem');
const url = () => screen.getByTestId('url');

describe('Jobs page', () => {
  it('lists every open position with the count and a search form', () => {
    renderApp('/jobs', { api: { '/api/jobs/search': answer(jobs) } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Open Positions');
    const form = screen.getByRole('search', { name: 'Job search' });
    expect(form.getAttribute('action')).toBe('/jobs');
    expect(form.getAttribute('method')).toBe('get');
    expect(within(form).getByRole('searchbox', { name: 'Search jobs' }).getAttribute('name')).toBe('q');
    for (const [name, param] of [['Location', 'location'], ['Workplace', 'workplace'], ['Department', 'department']]) {
      expect(within(form).getByRole('combobox', { name }).getAttribute('name')).toBe(param);
    }
    const years = within(form).getByRole('spinbutton', { name: 'Your years of experience' });
    expect(years.getAttribute('name')).toBe('years');
    expect(years.getAttribute('max')).toBe('50');
    // Workplace options in words, from the open positions.
    expect(within(form).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All locations',
      'Bengaluru',
      'Hyderabad',
      'Any workplace',
      'On-site',
      'Hybrid',
      'Remote',
      'All departments',
      'Cloud',
      'Engineering',
    ]);
    expect(within(form).getByRole('button', { name: 'Search' })).toBeTruthy();
    expect(cards()).toHaveLength(3);
    expect(screen.getByRole('status').textContent).toBe('Showing 3 of 3 open positions');
    expect(screen.queryByRole('link', { name: 'Clear filters' })).toBeNull();
  });

  it('puts a chosen filter into the URL and shows the matches', async () => {
    renderJobs('/jobs', {
      '/api/jobs/search': answer(jobs),
      '/api/jobs/search?location=Bengaluru': answer([jobs[1]!], 'Bengaluru'),
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Location' }), { target: { value: 'Bengaluru' } });
    expect(url().textContent).toBe('/jobs?location=Bengaluru');
    expect(url().dataset.type).toBe('PUSH');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByRole('status').textContent).toBe('Showing 1 of 3 open positions');
    expect((screen.getByRole('combobox', { name: 'Location' }) as HTMLSelectElement).value).toBe('Bengaluru');
    expect(screen.getByRole('link', { name: 'Clear filters' }).getAttribute('href')).toBe('/jobs');
  });

  it('shows a city named by an alias in a link as its canonical name', () => {
    renderJobs('/jobs?location=bangalore', { '/api/jobs/search?location=bangalore': answer([jobs[1]!], 'Bengaluru') });
    expect(cards()).toHaveLength(1);
    expect((screen.getByRole('combobox', { name: 'Location' }) as HTMLSelectElement).value).toBe('Bengaluru');
  });

  it('follows the years typed after a pause, as a whole number', async () => {
    renderJobs('/jobs', {
      '/api/jobs/search': answer(jobs),
      '/api/jobs/search?years=4': answer([jobs[1]!, jobs[2]!]),
    });
    const years = screen.getByRole('spinbutton', { name: 'Your years of experience' });
    fireEvent.input(years, { target: { value: '04' } });
    await waitFor(() => expect(url().textContent).toBe('/jobs?years=4'));
    expect(url().dataset.type).toBe('REPLACE');
    await waitFor(() => expect(cards()).toHaveLength(2));
    // A workplace chosen next keeps the years.
    fireEvent.change(screen.getByRole('combobox', { name: 'Workplace' }), { target: { value: 'remote' } });
    expect(url().textContent).toBe('/jobs?years=4&workplace=remote');
  });

  it('shows each card with its facts and when it was posted', () => {
    renderJobs('/jobs', { '/api/jobs/search': answer(jobs) });
    const [goCard, cloudCard, reactCard] = cards().filter((li) => li.querySelector('h3'));
    const facts = (li: HTMLElement | undefined) => Array.from(li!.querySelectorAll('dd')).map((d) => d.textContent);
    expect(facts(cloudCard)).toEqual(['Bengaluru', '3-5 years', 'Cloud', 'Contract', 'Hybrid']);
    expect(facts(reactCard)).toEqual(['Hyderabad', '2-4 years', 'Engineering', 'Full-time', 'Remote']);
    expect(within(goCard!).getByText('Posted today').getAttribute('datetime')).toBe('2026-11-01');
    expect(within(cloudCard!).getByText('Posted 1 day ago')).toBeTruthy();
    expect(within(reactCard!).getByText('Posted 3 days ago')).toBeTruthy();
    // Each fact has its name for screen readers.
    expect(Array.from(cloudCard!.querySelectorAll('dt')).map((d) => d.textContent)).toEqual([
      'Location',
      'Experience',
      'Department',
      'Employment type',
      'Workplace',
    ]);
  });

  it('follows the keywords after a pause in typing, replacing the history entry', async () => {
    renderJobs('/jobs?location=Hyderabad', {
      '/api/jobs/search?location=Hyderabad': answer([jobs[0]!, jobs[2]!]),
      '/api/jobs/search?q=react&location=Hyderabad': answer([jobs[2]!]),
    });
    const box = screen.getByRole('searchbox', { name: 'Search jobs' });
    fireEvent.input(box, { target: { value: '  react ' } });
    expect(url().textContent).toBe('/jobs?location=Hyderabad');
    await waitFor(() => expect(url().textContent).toBe('/jobs?q=react&location=Hyderabad'));
    expect(url().dataset.type).toBe('REPLACE');
    // What the visitor typed stays as typed.
    expect((box as HTMLInputElement).value).toBe('  react ');
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it('searches at once on submit', () => {
    renderJobs('/jobs', { '/api/jobs/search': answer(jobs) });
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search jobs' }), { target: { value: 'cloud' } });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    });
    expect(url().textContent).toBe('/jobs?q=cloud');
    expect(url().dataset.type).toBe('PUSH');
  });

  it('says when nothing matches and clears the filters', async () => {
    renderJobs('/jobs?q=cobol&location=Atlantis', {
      '/api/jobs/search?q=cobol&location=Atlantis': answer([]),
      '/api/jobs/search': answer(jobs),
    });
    expect(screen.getByRole('heading', { name: 'No positions match your search.' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Showing 0 of 3 open positions');
    // A value no position has any more still shows as chosen.
    expect((screen.getByRole('combobox', { name: 'Location' }) as HTMLSelectElement).value).toBe('Atlantis');
    fireEvent.click(screen.getByRole('link', { name: 'Clear filters' }));
    expect(url().textContent).toBe('/jobs');
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect((screen.getByRole('searchbox', { name: 'Search jobs' }) as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('combobox', { name: 'Location' }) as HTMLSelectElement).value).toBe('');
  });

  it('offers the career e-mail when no position is open at all', () => {
    renderApp('/jobs', { api: { '/api/jobs/search': { data: { ...answer([]).data, total: 0 } } } });
    expect(screen.getByRole('heading', { name: 'No open positions right now' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Clear filters' })).toBeNull();
  });
});
