import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { JobBoard } from '../../gen/wire';
import { apiError, renderScreen, stubApi, type Call } from '../test-utils';
import JobsScreen from '../jobs/jobs-screen';

const stages = ['new', 'reviewing', 'interview', 'offer', 'hired', 'rejected'];
const card = (id: string, name: string, withdrawn = false) => ({
  id,
  reference: `APP-${id.toUpperCase()}`,
  fullName: name,
  appliedAt: '2026-11-20T10:00:00Z',
  withdrawnAt: withdrawn ? '2026-11-21T10:00:00Z' : null,
});

const board: JobBoard = {
  jobId: 'job0000000000001',
  jobTitle: 'Platform Engineer',
  cap: 200,
  sources: [
    { source: 'linkedin', count: 2 },
    { source: '', count: 250 },
  ],
  columns: stages.map((s) => ({ status: s, count: 0, cards: [], more: 0 })),
};
board.columns[0] = { status: 'new', count: 2, cards: [card('aaa', 'Asha Rao'), card('bbb', 'Ravi Kumar')], more: 0 };
board.columns[1] = { status: 'reviewing', count: 250, cards: [card('www', 'Meera Iyer', true)], more: 249 };

function open(statusReply: (c: Call) => { status?: number; body?: unknown }) {
  const calls = stubApi((c) => {
    if (c.method === 'GET' && c.path === `/jobs/${board.jobId}/board`) return { body: board };
    if (c.method === 'PATCH') return statusReply(c);
    return undefined;
  });
  renderScreen('/admin/jobs/*', <JobsScreen />, `/admin/jobs/${board.jobId}/board`);
  return calls;
}

const column = (heading: RegExp) => screen.getByRole('region', { name: heading });

describe('BoardScreen', () => {
  it('shows a column per stage with its count, and marks a withdrawn card without a move control', async () => {
    open(() => ({}));
    expect(await screen.findByRole('heading', { level: 1, name: 'Board: Platform Engineer' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Applications by source',
      'New (2)',
      'Reviewing (250)',
      'Interview (0)',
      'Offer (0)',
      'Hired (0)',
      'Rejected (0)',
    ]);
    const reviewing = column(/^Reviewing/);
    expect(within(reviewing).getByText('Withdrawn')).toBeTruthy();
    expect(within(reviewing).queryByRole('combobox')).toBeNull();
    expect(within(reviewing).getByText(/And 249 more/)).toBeTruthy();
    expect(within(reviewing).getByRole('link', { name: 'See all 250 in the list' }).getAttribute('href')).toBe(
      `/applications?job=${board.jobId}&status=reviewing`,
    );
    expect(within(column(/^New/)).getByRole('link', { name: 'Asha Rao' }).getAttribute('href')).toBe('/applications/aaa');
  });

  it("counts the job's applications by source, each linking to them in the list", async () => {
    open(() => ({}));
    const sources = within(await screen.findByRole('region', { name: 'Applications by source' }));
    expect(sources.getByRole('link', { name: 'linkedin: 2' }).getAttribute('href')).toBe(`/applications?job=${board.jobId}&source=linkedin`);
    expect(sources.getByRole('link', { name: 'No source: 250' }).getAttribute('href')).toBe(`/applications?job=${board.jobId}&source=-`);
  });

  it('e-mails no one from a move once "E-mail the candidate" is unticked', async () => {
    const calls = open(() => ({ body: {} }));
    await screen.findByRole('heading', { name: 'New (2)' });
    const box = screen.getByRole('checkbox', { name: 'E-mail the candidate when moved to Interview or Rejected' });
    expect((box as HTMLInputElement).checked).toBe(true);
    fireEvent.click(box);
    fireEvent.change(screen.getByRole('combobox', { name: 'Move to (for APP-BBB)' }), { target: { value: 'rejected' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move APP-BBB' }));
    await waitFor(() => expect(screen.getByTestId('board-status').textContent).toBe('Moved APP-BBB to Rejected.'));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ status: 'rejected', notify: false }]);
  });

  it('moves a card by keyboard: sends the status change, moves the counts, keeps focus and says so politely', async () => {
    const calls = open(() => ({ body: {} }));
    await screen.findByRole('heading', { name: 'New (2)' });
    const select = screen.getByRole('combobox', { name: 'Move to (for APP-BBB)' });
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.textContent)).toEqual(['Reviewing', 'Interview', 'Offer', 'Hired', 'Rejected']);
    fireEvent.change(select, { target: { value: 'interview' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move APP-BBB' }));

    await waitFor(() => expect(screen.getByTestId('board-status').textContent).toBe('Moved APP-BBB to Interview.'));
    expect(screen.getByTestId('board-status').getAttribute('aria-live')).toBe('polite');
    const patch = calls.filter((c) => c.method === 'PATCH');
    // A move to interview e-mails the candidate unless the box is unticked.
    expect(patch.map((c) => [c.path, c.body])).toEqual([['/applications/bbb/status', { status: 'interview', notify: true }]]);
    expect(screen.getByRole('heading', { name: 'New (1)' })).toBeTruthy();
    const interview = column(/^Interview \(1\)/);
    const moved = within(interview).getByRole('listitem');
    expect(moved.getAttribute('data-card')).toBe('APP-BBB');
    expect(document.activeElement).toBe(moved);
  });

  it('moves a focused card one stage right with Alt+ArrowRight', async () => {
    const calls = open(() => ({ body: {} }));
    await screen.findByRole('heading', { name: 'New (2)' });
    const asha = within(column(/^New/)).getAllByRole('listitem')[0]!;
    asha.focus();
    fireEvent.keyDown(asha, { key: 'ArrowRight', altKey: true });
    await waitFor(() => expect(screen.getByTestId('board-status').textContent).toBe('Moved APP-AAA to Reviewing.'));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ status: 'reviewing', notify: false }]);
    expect(screen.getByRole('heading', { name: 'Reviewing (251)' })).toBeTruthy();
    // Without Alt, arrows do nothing to the card.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });

  it('moves a card dropped on another column, and ignores a withdrawn card and drops of anything else', async () => {
    const calls = open(() => ({ body: {} }));
    await screen.findByRole('heading', { name: 'New (2)' });
    const data = new Map<string, string>();
    const dataTransfer = {
      get types() {
        return [...data.keys()];
      },
      setData: (k: string, v: string) => data.set(k, v),
      getData: (k: string) => data.get(k) ?? '',
      dropEffect: 'none',
      effectAllowed: 'all',
    };
    const withdrawn = within(column(/^Reviewing/)).getByRole('listitem');
    expect(withdrawn.getAttribute('draggable')).toBe('false');
    const ravi = within(column(/^New/)).getAllByRole('listitem')[1]!;
    expect(ravi.getAttribute('draggable')).toBe('true');

    // Something else dropped (a file, some text) is not a move.
    data.set('text/plain', 'hello');
    fireEvent.drop(column(/^Offer/), { dataTransfer });
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    fireEvent.dragStart(ravi, { dataTransfer });
    const offer = column(/^Offer/);
    fireEvent.dragOver(offer, { dataTransfer });
    expect(offer.className).toContain('border-blue-600');
    fireEvent.drop(offer, { dataTransfer });
    await waitFor(() => expect(screen.getByTestId('board-status').textContent).toBe('Moved APP-BBB to Offer.'));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([['/applications/bbb/status', { status: 'offer', notify: false }]]);
    expect(screen.getByRole('heading', { name: 'Offer (1)' })).toBeTruthy();
    expect(document.activeElement?.getAttribute('data-card')).toBe('APP-BBB');
  });

  it('says a refused move in words and puts the card back', async () => {
    open(() => ({ status: 404, body: apiError('Application not found.', undefined, 'not_found') }));
    await screen.findByRole('heading', { name: 'New (2)' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Move to (for APP-AAA)' }), { target: { value: 'offer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move APP-AAA' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not move APP-AAA to Offer: Application not found. It is back where it was.');
    expect(screen.getByRole('heading', { name: 'New (2)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Offer (0)' })).toBeTruthy();
    expect(screen.getByTestId('board-status').textContent).toBe('');
    const back = within(column(/^New/)).getAllByRole('listitem')[0]!;
    expect(back.getAttribute('data-card')).toBe('APP-AAA');
    // Focus follows the card in an effect after the render that shows the alert.
    await waitFor(() => expect(document.activeElement).toBe(within(column(/^New/)).getAllByRole('listitem')[0]));
  });

  it('says a board that cannot load in words', async () => {
    stubApi(() => ({ status: 404, body: apiError('Job not found.', undefined, 'not_found') }));
    renderScreen('/admin/jobs/*', <JobsScreen />, '/admin/jobs/nope/board');
    expect((await screen.findByRole('alert')).textContent).toBe('Job not found.');
  });
});

describe('the jobs list', () => {
  it('shows each job’s counts, linking to the filtered list and to its board', async () => {
    stubApi((c) =>
      c.path === '/jobs'
        ? {
            body: {
              jobs: [{ id: 'job1', jobTitle: 'Platform Engineer', location: '', status: 'open', closingDate: '', expired: false, updatedAt: '2026-11-20T10:00:00Z', applications: 7, newApplications: 3, unmapped: [] }],
              page: 1,
              pages: 1,
              total: 1,
            },
          }
        : undefined,
    );
    renderScreen('/admin/jobs/*', <JobsScreen />, '/admin/jobs');
    const all = await screen.findByRole('link', { name: '7 in all for Platform Engineer' });
    expect(all.getAttribute('href')).toBe('/applications?job=job1');
    expect(screen.getByRole('link', { name: '3 new for Platform Engineer' }).getAttribute('href')).toBe('/applications?job=job1&status=new');
    expect(screen.getByRole('link', { name: 'Board of Platform Engineer' }).getAttribute('href')).toBe('/admin/jobs/job1/board');
  });
});
