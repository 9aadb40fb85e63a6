import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { JobLists } from '../../gen/wire';
import { renderScreen, stubFetchUrls } from '../test-utils';
import JobListsScreen, { parseAliases } from './job-lists-screen';

const lists: JobLists = {
  locations: [{ id: 'bengaluru', name: 'Bengaluru', aliases: ['Bangalore'], jobs: 3 }],
  departments: [{ id: 'engineering', name: 'Engineering', jobs: 1 }],
  workplaces: ['onsite', 'hybrid', 'remote'],
  yearsMax: 50,
  unmapped: [{ id: 'job1', jobTitle: 'Consultant', status: 'open', location: 'Pune', department: '', experience: 'senior', facts: ['location', 'experience'] }],
};

const renderLists = () => renderScreen('/admin/job-lists/*', <JobListsScreen />, '/admin/job-lists');

describe('JobListsScreen', () => {
  it('reads aliases separated by commas, dropping empty ones', () => {
    expect(parseAliases(' Bangalore , ,Bengaluru Urban,')).toEqual(['Bangalore', 'Bengaluru Urban']);
    expect(parseAliases('')).toEqual([]);
  });

  it('lists the entries with their use and the jobs whose facts need mapping, each with a way to map it', async () => {
    const calls = stubFetchUrls((c) => (c.method === 'POST' ? { status: 201, body: { id: 'pune', name: 'Pune', aliases: [], jobs: 0 } } : { body: lists }));
    renderLists();
    const unmapped = await screen.findByRole('region', { name: 'Jobs whose facts need mapping' });
    expect(within(unmapped).getByRole('link', { name: 'Consultant' }).getAttribute('href')).toBe('/jobs/job1');
    expect(within(unmapped).getByText('Location: “Pune”')).toBeTruthy();
    expect(within(unmapped).getByRole('link', { name: 'Enter the years in the job editor of Consultant' })).toBeTruthy();
    const locations = screen.getByRole('region', { name: 'Locations' });
    expect(within(locations).getByText('Used by 3 jobs')).toBeTruthy();
    expect(within(locations).getByText('· also Bangalore', { exact: false })).toBeTruthy();

    await act(async () => fireEvent.click(within(unmapped).getByRole('button', { name: 'Add “Pune” as a location for Consultant' })));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/admin/job-locations', body: { name: 'Pune', aliases: [] } });
    expect(await screen.findByText('“Pune” added to the locations. Jobs that use it are mapped.')).toBeTruthy();
  });

  it('shows the server’s message at the field it is about', async () => {
    stubFetchUrls((c) =>
      c.method === 'POST'
        ? {
            status: 409,
            body: { error: { code: 'conflict', message: 'Please correct the highlighted fields.', fields: { aliases: '"Bangalore" is already a name or alias of Bengaluru.' } } },
          }
        : { body: lists },
    );
    renderLists();
    const form = await screen.findByRole('form', { name: 'Add a location' });
    fireEvent.change(within(form).getByLabelText('New location', { exact: false }), { target: { value: 'Mysuru' } });
    fireEvent.change(within(form).getByLabelText('Its aliases', { exact: false }), { target: { value: 'Mysore, Bangalore' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Add location' })));
    const aliases = within(form).getByLabelText('Its aliases', { exact: false });
    expect(aliases.getAttribute('aria-invalid')).toBe('true');
    expect(await within(form).findByText('"Bangalore" is already a name or alias of Bengaluru.')).toBeTruthy();
    expect((aliases as HTMLInputElement).value).toBe('Mysore, Bangalore');
  });
});
