import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DashboardCounts } from '../../gen/wire';
import { renderScreenAs, serveUrls as serve } from '../test-utils';
import DashboardScreen from './dashboard-screen';

const counts: DashboardCounts = { newApplications: 4, suspectedSpam: 3, unreadMessages: 2, unassignedMessages: 0, heldComments: 0, failedMail: 1 };

function show(role: string) {
  renderScreenAs(role, '/admin/*', <DashboardScreen />, '/admin/');
}

describe('dashboard', () => {
  it('shows a recruiter the spam queue and new applications only, linking to the filtered lists', async () => {
    const fetch = serve({ '/api/admin/dashboard': [200, counts] });
    show('recruiter');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'New applications 4' });
    expect(link.getAttribute('href')).toBe('/admin/applications?status=new');
    expect(screen.getByRole('link', { name: 'Suspected spam to review 3' }).getAttribute('href')).toBe('/admin/applications?spam=1');
    expect(screen.queryByRole('link', { name: /messages/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Comments held/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Failed mail/ })).toBeNull();
    expect(screen.getByText('2 of 2 lists have something waiting.')).toBeTruthy();
    // The speed charts have a screen of their own: the dashboard asks for no measurements.
    expect(fetch.mock.calls.map((c) => c[0])).toEqual(['/api/admin/dashboard']);
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('shows an editor held comments and messages, what waits first', async () => {
    serve({ '/api/admin/dashboard': [200, { ...counts, unassignedMessages: 5 }] });
    show('editor');
    const list = within((await screen.findByRole('link', { name: 'Unread messages 2' })).closest('ul')!);
    expect(list.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Unread messages 2', '/admin/messages'],
      ['Unassigned messages 5', '/admin/messages?assigned=none'],
      ['Comments held for review 0', '/admin/comments'],
    ]);
    expect(screen.queryByRole('link', { name: /New applications/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Failed mail/ })).toBeNull();
  });

  it('shows an admin every count, failed mail included', async () => {
    serve({ '/api/admin/dashboard': [200, counts] });
    show('admin');
    const list = within((await screen.findByRole('link', { name: 'Failed mail 1' })).closest('ul')!);
    expect(list.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Suspected spam to review 3', '/admin/applications?spam=1'],
      ['New applications 4', '/admin/applications?status=new'],
      ['Unread messages 2', '/admin/messages'],
      ['Failed mail 1', '/admin/mail?status=failed'],
      ['Comments held for review 0', '/admin/comments'],
      ['Unassigned messages 0', '/admin/messages?assigned=none'],
    ]);
  });

  it('says when nothing needs attention', async () => {
    serve({ '/api/admin/dashboard': [200, { ...counts, newApplications: 0, suspectedSpam: 0 }] });
    show('recruiter');
    expect(await screen.findByText('Nothing needs attention right now.')).toBeTruthy();
  });

  it('shows a failure in words and loads the counts again on request', async () => {
    const fetch = serve({ '/api/admin/dashboard': [500, { error: { code: 'internal', message: 'Internal error.' } }] });
    show('recruiter');
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load the counts: Internal error.');
    fetch.mockImplementation(() => Promise.resolve(new Response(JSON.stringify(counts), { status: 200 })));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'New applications 4' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
