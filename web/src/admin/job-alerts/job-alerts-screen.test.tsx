import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { JobAlertCounts } from '../../gen/wire';
import JobAlertsScreen from './job-alerts-screen';
import { apiError, member, renderAdmin, stubApi } from '../test-utils';

const counts: JobAlertCounts = {
  total: 5,
  counts: [
    { filter: 'Location: Pune', searchPath: '/jobs?location=Pune', daily: 3, weekly: 1 },
    { filter: 'All open positions', searchPath: '/jobs', daily: 0, weekly: 1 },
  ],
};

describe('job alerts screen', () => {
  it('counts confirmed alerts by search, daily and weekly, with no export for a recruiter', async () => {
    const calls = stubApi((c) => (c.path === '/job-alerts' ? { body: counts } : undefined));
    renderAdmin(<JobAlertsScreen />, '/admin/job-alerts', member({ role: 'recruiter' }));
    const pune = (await screen.findByRole('link', { name: 'Location: Pune' })).closest('tr')!;
    expect(pune.querySelector('a')!.getAttribute('href')).toBe('/jobs?location=Pune');
    expect(within(pune).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '1', '4']);
    expect(screen.getByText('5 confirmed alerts in all.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Export addresses (CSV)' })).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /job-alerts']);
  });

  it('says when there are none', async () => {
    stubApi(() => ({ body: { total: 0, counts: [] } }));
    renderAdmin(<JobAlertsScreen />, '/admin/job-alerts', member());
    expect(await screen.findByText('No confirmed job alerts yet.')).toBeTruthy();
  });

  it("offers admins the export, and shows a refusal instead of saving it", async () => {
    const calls = stubApi((c) =>
      c.path === '/job-alerts' ? { body: counts } : c.path === '/job-alerts/export.csv' ? { status: 403, body: apiError('You do not have access.', undefined, 'forbidden') } : undefined,
    );
    renderAdmin(<JobAlertsScreen />, '/admin/job-alerts', member({ role: 'admin' }));
    const link = await screen.findByRole('link', { name: 'Export addresses (CSV)' });
    expect(link.getAttribute('href')).toBe('/api/admin/job-alerts/export.csv');
    expect(screen.getByText(/exporting them is recorded in the audit log/)).toBeTruthy();
    await act(async () => fireEvent.click(link));
    expect(await screen.findByText(/Export failed: You do not have access\./)).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ method: 'GET', path: '/job-alerts/export.csv' });
  });
});
