import { fireEvent, screen, within } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import type { AuditPage } from '../../gen/wire';
import { member, renderAdmin, stubApi, type Call } from '../test-utils';
import AuditScreen, { actionLabel, consoleRoute } from './audit-screen';

const admin = member({ role: 'admin' });

function page(p: number, total = 120): AuditPage {
  return {
    entries: [
      {
        id: `e${p}`,
        at: '2026-11-20T09:30:00Z',
        actor: 'Ada',
        actorEmail: 'ada@example.com',
        sentence: [{ text: 'Ada revealed the national ID number of application ' }, { text: 'APP-7K2Q', link: '/admin/applications/a1' }],
        action: 'id_reveal',
        subject: 'APP-7K2Q',
        detail: '',
        clientIp: '203.0.113.9',
      },
    ],
    total,
    page: p,
    pageSize: 50,
    actions: ['sign_in', 'sign_in_failed', 'id_reveal', 'export'],
  };
}

/** The sentence of a row (its first span). */
function sentenceOf(row: HTMLElement): string {
  return within(row).getAllByRole('cell')[1]!.querySelector('span')?.textContent ?? '';
}

function auditCalls(calls: Call[]) {
  return calls.filter((c) => c.path === '/audit').map((c) => Object.fromEntries(c.query));
}

describe('audit log screen', () => {
  it('shows who did what, when and from where', async () => {
    stubApi((c) => (c.path === '/audit' ? { body: page(1) } : undefined));
    renderAdmin(<AuditScreen />, '/admin/audit', admin);
    const row = (await screen.findAllByRole('row'))[1]!;
    const cells = within(row).getAllByRole('cell').map((td) => td.textContent);
    expect(cells.slice(1)).toEqual(['Ada revealed the national ID number of application APP-7K2QId reveal · ada@example.com', '203.0.113.9']);
    // The subject links to its screen in the console.
    expect(within(row).getByRole('link', { name: 'APP-7K2Q' }).getAttribute('href')).toBe('/admin/applications/a1');
    expect(within(row).getByText(/2026/).closest('time')?.getAttribute('datetime')).toBe('2026-11-20T09:30:00Z');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('puts the filters in the address and asks the server for them', async () => {
    const calls = stubApi((c) => (c.path === '/audit' ? { body: page(Number(c.query.get('page') ?? 1)) } : undefined));
    renderAdmin(<AuditScreen />, '/admin/audit', admin);
    await screen.findByText('Page 1 of 3');
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'sign_in_failed' } });
    fireEvent.change(screen.getByLabelText('Actor e-mail'), { target: { value: ' ravi@example.com ' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'APP-7K2Q' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await screen.findByText(/match(es)? the filters/);
    expect(screen.getByTestId('location').textContent).toBe(
      '/audit?action=sign_in_failed&actor=ravi%40example.com&subject=APP-7K2Q&from=2026-11-01&to=2026-11-20',
    );
    expect(auditCalls(calls).at(-1)).toEqual({ action: 'sign_in_failed', actor: 'ravi@example.com', subject: 'APP-7K2Q', from: '2026-11-01', to: '2026-11-20' });

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toContain('&page=2');
    expect(auditCalls(calls).at(-1)).toEqual({
      action: 'sign_in_failed',
      actor: 'ravi@example.com',
      subject: 'APP-7K2Q',
      from: '2026-11-01',
      to: '2026-11-20',
      page: '2',
    });
  });

  it('opens a linked view with its filters filled in', async () => {
    const calls = stubApi((c) => (c.path === '/audit' ? { body: page(2) } : undefined));
    renderAdmin(<AuditScreen />, '/admin/audit?action=export&page=2', admin);
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect((screen.getByLabelText('Action') as HTMLSelectElement).value).toBe('export');
    expect(auditCalls(calls)).toEqual([{ action: 'export', page: '2' }]);
  });

  it('never shows the last answer as matching filters just applied', async () => {
    // Every action in the unfiltered answer; only failed sign-ins in the filtered one.
    const all: AuditPage = {
      ...page(1, 3),
      entries: ['sign_in', 'sign_in_failed', 'id_reveal'].map((action, i) => ({
        ...page(1).entries[0]!,
        id: `a${i}`,
        action,
        sentence: [{ text: `Ada did ${actionLabel(action)}.` }],
      })),
    };
    const failed: AuditPage = { ...all, total: 1, entries: all.entries.filter((e) => e.action === 'sign_in_failed') };
    stubApi((c) => (c.path === '/audit' ? { body: c.query.get('action') === 'sign_in_failed' ? failed : all } : undefined));
    // What each commit put on the screen: the count's words and the Action column.
    const commits: { count: string; actions: string[] }[] = [];
    const record = () => {
      const count = screen.queryByText(/^\d+ entr(y|ies)/)?.textContent ?? '';
      const rows = screen.queryAllByRole('row').slice(1);
      commits.push({ count, actions: rows.map((r) => sentenceOf(r)) });
    };
    renderAdmin(
      <Profiler id="audit" onRender={record}>
        <AuditScreen />
      </Profiler>,
      '/admin/audit',
      admin,
    );
    await screen.findByText('3 entries.');
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'sign_in_failed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await screen.findByText('1 entry matches the filters.');
    expect(screen.getAllByRole('row').slice(1).map(sentenceOf)).toEqual(['Ada did Sign in failed.']);
    const claimed = commits.filter((c) => /match(es)? the filters\.$/.test(c.count));
    expect(claimed.length).toBeGreaterThan(0);
    for (const c of claimed) expect(c).toEqual({ count: '1 entry matches the filters.', actions: ['Ada did Sign in failed.'] });
  });

  it('names actions in words', () => {
    expect(actionLabel('sign_in_failed')).toBe('Sign in failed');
    expect(actionLabel('role.change')).toBe('Role change');
    expect(actionLabel('totp-enabled')).toBe('TOTP enabled');
  });

  it('downloads the filtered log as CSV', async () => {
    stubApi((c) => (c.path === '/audit' ? { body: page(1) } : undefined));
    renderAdmin(<AuditScreen />, '/admin/audit?action=export&subject=Go', admin);
    const link = await screen.findByRole('link', { name: 'Download CSV (filtered)' });
    expect(link.getAttribute('href')).toBe('/api/admin/audit/export.csv?action=export&subject=Go');
  });

  it('turns the server’s console paths into routes', () => {
    expect(consoleRoute('/admin/jobs/j1')).toBe('/jobs/j1');
    expect(consoleRoute('/admin')).toBe('/');
    expect(consoleRoute('/administer')).toBe('/administer');
  });
});
