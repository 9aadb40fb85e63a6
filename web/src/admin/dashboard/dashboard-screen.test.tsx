import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardCounts, StaffMe, VitalsReport } from '../../gen/wire';
import { StaffContext } from '../staff-context';
import DashboardScreen from './dashboard-screen';

const counts: DashboardCounts = { newApplications: 4, suspectedSpam: 3, unreadMessages: 2, heldComments: 0, failedMail: 1 };

const metrics: VitalsReport['metrics'] = [
  { metric: 'lcp', label: 'LCP', name: 'Largest Contentful Paint', unit: 'ms', good: 2500, poor: 4000 },
  { metric: 'inp', label: 'INP', name: 'Interaction to Next Paint', unit: 'ms', good: 200, poor: 500 },
  { metric: 'cls', label: 'CLS', name: 'Cumulative Layout Shift', unit: '', good: 0.1, poor: 0.25 },
  { metric: 'ttfb', label: 'TTFB', name: 'Time to First Byte', unit: 'ms', good: 800, poor: 1800 },
];

const report: VitalsReport = {
  days: 28,
  from: '2026-10-26',
  to: '2026-11-22',
  metrics,
  routes: [
    {
      route: '/job/:id',
      series: [
        {
          metric: 'lcp',
          count: 1234,
          p75: 2140,
          rating: 'Good',
          points: [
            { day: '2026-11-20', count: 600, p75: 1980 },
            { day: '2026-11-21', count: 634, p75: 2300 },
          ],
        },
        { metric: 'cls', count: 1200, p75: 0.31, rating: 'Poor', points: [{ day: '2026-11-21', count: 1200, p75: 0.31 }] },
      ],
    },
    {
      route: '/',
      series: [{ metric: 'inp', count: 1, p75: 240, rating: 'Needs improvement', points: [{ day: '2026-11-22', count: 1, p75: 240 }] }],
    },
  ],
};

function staff(role: string): StaffMe {
  return {
    id: 's1',
    email: 'staff@example.com',
    name: 'Staff',
    role,
    totpEnabled: true,
    mustEnrollTotp: false,
    idleTimeoutSeconds: 1800,
    expiresAt: '2026-11-23T00:00:00Z',
  };
}

/** Stubs fetch with an answer per staff API path (query included). */
function serve(answers: Record<string, [number, unknown]>) {
  const fetch = vi.fn((url: string) => {
    const a = answers[url];
    if (!a) return Promise.resolve(new Response(JSON.stringify({ error: { code: 'not_found', message: 'No such API endpoint.' } }), { status: 404 }));
    return Promise.resolve(new Response(JSON.stringify(a[1]), { status: a[0] }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function show(role: string) {
  render(
    <StaffContext.Provider value={staff(role)}>
      <MemoryRouter initialEntries={['/admin/']}>
        <Routes>
          <Route path="/admin/*" element={<DashboardScreen />} />
        </Routes>
      </MemoryRouter>
    </StaffContext.Provider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('dashboard', () => {
  it('shows a recruiter the new applications only, linking to them', async () => {
    serve({ '/api/admin/dashboard': [200, counts], '/api/admin/vitals?days=28': [200, report] });
    show('recruiter');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'New applications 4' });
    expect(link.getAttribute('href')).toBe('/admin/applications?status=new');
    expect(screen.getByRole('link', { name: 'Suspected spam to review 3' }).getAttribute('href')).toBe('/admin/applications?spam=1');
    expect(screen.queryByRole('link', { name: /Unread messages/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Comments held/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Failed mail/ })).toBeNull();
  });

  it('shows an editor unread messages and held comments', async () => {
    serve({ '/api/admin/dashboard': [200, counts], '/api/admin/vitals?days=28': [200, report] });
    show('editor');
    expect((await screen.findByRole('link', { name: 'Unread messages 2' })).getAttribute('href')).toBe('/admin/messages');
    expect(screen.getByRole('link', { name: 'Comments held for review 0' }).getAttribute('href')).toBe('/admin/comments');
    expect(screen.queryByRole('link', { name: /New applications/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Suspected spam/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Failed mail/ })).toBeNull();
  });

  it('shows an admin every count, failed mail included', async () => {
    serve({ '/api/admin/dashboard': [200, counts], '/api/admin/vitals?days=28': [200, report] });
    show('admin');
    const list = within((await screen.findByRole('link', { name: 'Failed mail 1' })).closest('ul')!);
    expect(list.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['New applications 4', '/admin/applications?status=new'],
      ['Suspected spam to review 3', '/admin/applications?spam=1'],
      ['Unread messages 2', '/admin/messages'],
      ['Comments held for review 0', '/admin/comments'],
      ['Failed mail 1', '/admin/mail?status=failed'],
    ]);
  });

  it('draws a chart per metric and route, with the period p75, its rating and the data as a table', async () => {
    serve({ '/api/admin/dashboard': [200, counts], '/api/admin/vitals?days=28': [200, report] });
    show('editor');
    const job = await screen.findByRole('region', { name: 'Speed of /job/:id' });
    expect(within(job).getByRole('heading', { level: 3 }).textContent).toBe('/job/:id 1,234 views');
    const figures = within(job).getAllByRole('figure');
    expect(figures).toHaveLength(4);
    const [lcp, inp, cls, ttfb] = figures as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(lcp.querySelector('figcaption')!.textContent).toBe('LCP2.14 sGoodp75 of 1,234 views; good ≤ 2.5 s, poor > 4 s');
    const img = within(lcp).getByRole('img');
    expect(img.getAttribute('aria-label')).toBe(
      'LCP of /job/:id, 75th percentile per day from 2026-10-26 to 2026-11-22, against the thresholds (good ≤ 2.5 s, poor > 4 s).',
    );
    expect(img.querySelectorAll('polyline')).toHaveLength(1); // two days that follow one another
    expect(img.querySelectorAll('circle')).toHaveLength(2);
    expect(img.querySelectorAll('rect')).toHaveLength(3);

    const table = within(lcp).getByRole('table', { hidden: true });
    expect(within(lcp).getByText('Show data').tagName).toBe('SUMMARY');
    const rows = within(table)
      .getAllByRole('row', { hidden: true })
      .map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Day', 'Views', 'p75'],
      ['2026-11-20', '600', '1.98 s'],
      ['2026-11-21', '634', '2.3 s'],
    ]);

    expect(cls.querySelector('figcaption')!.textContent).toContain('0.31Poor');
    expect(inp.querySelector('figcaption')!.textContent).toBe('INP not measured');
    expect(ttfb.querySelector('figcaption')!.textContent).toBe('TTFB not measured');

    const home = screen.getByRole('region', { name: 'Speed of /' });
    expect(within(home).getByRole('heading', { level: 3 }).textContent).toBe('/ 1 view');
    expect(within(home).getAllByRole('figure')[1]!.querySelector('figcaption')!.textContent).toBe(
      'INP240 msNeeds improvementp75 of 1 view; good ≤ 200 ms, poor > 500 ms',
    );
  });

  it('says when no visits were measured', async () => {
    serve({ '/api/admin/dashboard': [200, counts], '/api/admin/vitals?days=28': [200, { ...report, routes: [] }] });
    show('recruiter');
    expect(await screen.findByText('No visits measured yet.')).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('shows a failed section in words and loads it again on request', async () => {
    const fetch = serve({
      '/api/admin/dashboard': [500, { error: { code: 'internal', message: 'Internal error.' } }],
      '/api/admin/vitals?days=28': [200, report],
    });
    show('recruiter');
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load the counts: Internal error.');
    expect(await screen.findByRole('region', { name: 'Speed of /job/:id' })).toBeTruthy(); // the other section is unaffected

    fetch.mockImplementation((url: string) =>
      Promise.resolve(new Response(JSON.stringify(url === '/api/admin/dashboard' ? counts : report), { status: 200 })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'New applications 4' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
