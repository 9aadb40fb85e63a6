import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VitalsReport } from '../../gen/wire';
import { renderScreenAs, serveUrls as serve } from '../test-utils';
import SpeedScreen from './speed-screen';

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

function show(role: string) {
  renderScreenAs(role, '/admin/speed/*', <SpeedScreen />, '/admin/speed');
}

describe('real-user speed screen', () => {
  it('is headed with its period', () => {
    serve({ '/api/admin/vitals?days=28': [200, report] });
    show('editor');
    expect(screen.getByRole('heading', { level: 1, name: 'Real-user speed (last 28 days)' })).toBeTruthy();
  });

  it('draws a chart per metric and route, with the period p75, its rating and the data as a table', async () => {
    serve({ '/api/admin/vitals?days=28': [200, report] });
    show('editor');
    const job = await screen.findByRole('region', { name: 'Speed of /job/:id' });
    expect(within(job).getByRole('heading', { level: 2 }).textContent).toBe('/job/:id 1,234 views');
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
    expect(within(home).getByRole('heading', { level: 2 }).textContent).toBe('/ 1 view');
    expect(within(home).getAllByRole('figure')[1]!.querySelector('figcaption')!.textContent).toBe(
      'INP240 msNeeds improvementp75 of 1 view; good ≤ 200 ms, poor > 500 ms',
    );
  });

  it('says when no visits were measured', async () => {
    serve({ '/api/admin/vitals?days=28': [200, { ...report, routes: [] }] });
    show('editor');
    expect(await screen.findByText('No visits measured yet.')).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('shows a failure in words and loads again on request', async () => {
    const fetch = serve({ '/api/admin/vitals?days=28': [500, { error: { code: 'internal', message: 'Internal error.' } }] });
    show('admin');
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load the speed measurements: Internal error.');
    fetch.mockImplementation(() => Promise.resolve(new Response(JSON.stringify(report), { status: 200 })));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Speed of /job/:id' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
