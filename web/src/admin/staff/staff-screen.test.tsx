import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { StaffAccount } from '../../gen/wire';
import { apiError, member, renderAdmin, stubApi } from '../test-utils';
import StaffScreen from './staff-screen';

const admin = member({ id: 'a1', role: 'admin', name: 'Ada Admin', email: 'ada@example.com', totpEnabled: true });

function account(over: Partial<StaffAccount>): StaffAccount {
  return { id: 'x', email: 'x@example.com', name: 'X', role: 'editor', disabled: false, totpEnabled: false, passwordSet: true, createdAt: '2026-11-01T10:00:00Z', ...over };
}

const accounts: StaffAccount[] = [
  account({ id: 'a1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin', totpEnabled: true }),
  account({ id: 'r1', name: 'Ravi Recruiter', email: 'ravi@example.com', role: 'recruiter' }),
  account({ id: 'e1', name: 'Eve Editor', email: 'eve@example.com', disabled: true }),
  account({ id: 'n1', name: 'Nia New', email: 'nia@example.com', passwordSet: false }),
];

describe('staff screen', () => {
  it('lists accounts with role, status and two-step sign-in in words', async () => {
    stubApi((c) => (c.path === '/staff' && c.method === 'GET' ? { body: accounts } : undefined));
    renderAdmin(<StaffScreen />, '/admin/staff', admin);
    const rows = (await screen.findAllByRole('row')).slice(1);
    const cells = rows.map((r) => within(r).getAllByRole('cell').map((td) => td.textContent));
    expect(cells.map((c) => [c[0], c[3], c[4]])).toEqual([
      ['Ada Admin', 'Active', 'On'],
      ['Ravi Recruiter', 'Active', 'Off'],
      ['Eve Editor', 'Disabled', 'Off'],
      ['Nia New', 'Invited', 'Off'],
    ]);
    expect(within(rows[2]!).getByRole('button', { name: 'Enable Eve Editor' })).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Disable Ravi Recruiter' })).toBeTruthy();
    // An admin cannot lock themselves out from here.
    expect(within(rows[0]!).queryByRole('button', { name: /Disable/ })).toBeNull();
  });

  it('adds a member and shows their set-up link to copy, with its expiry', async () => {
    let list = accounts.slice(0, 1);
    const calls = stubApi((c) => {
      if (c.path === '/staff' && c.method === 'GET') return { body: list };
      if (c.path === '/staff' && c.method === 'POST') {
        const body = c.body as { email: string };
        if (!body.email) return { status: 422, body: apiError('Check the form.', { email: 'Enter an e-mail address.' }) };
        list = [...list, account({ id: 'z', name: 'Zoe', email: body.email, passwordSet: false })];
        return { status: 201, body: { url: 'https://example.com/admin/setup#abc', expiresAt: '2026-11-30T10:00:00Z', mailed: true } };
      }
      return undefined;
    });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderAdmin(<StaffScreen />, '/admin/staff', admin);
    await screen.findByRole('cell', { name: 'Ada Admin' });

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Zoe' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add member of staff' }));
    expect(await screen.findByText('Enter an e-mail address.')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Zoe');

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'zoe@example.com' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'editor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add member of staff' }));
    const linkField = (await screen.findByLabelText('Set-up link')) as HTMLInputElement;
    expect(linkField.value).toBe('https://example.com/admin/setup#abc');
    expect(screen.getByText(/It works once, until/).textContent).toContain('2026');
    expect(screen.getByRole('heading', { name: 'Link e-mailed to Zoe (zoe@example.com)' })).toBeTruthy();
    expect(screen.getByText(/We e-mailed this link to zoe@example.com, with your name and the role\./)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'Zoe', email: '', role: 'recruiter' },
      { name: 'Zoe', email: 'zoe@example.com', role: 'editor' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('https://example.com/admin/setup#abc');
    expect(await screen.findByRole('cell', { name: 'zoe@example.com' })).toBeTruthy();
  });

  it('changes a role, disables an account and makes a new set-up link', async () => {
    const calls = stubApi((c) => {
      if (c.path === '/staff' && c.method === 'GET') return { body: accounts };
      if (c.method === 'PATCH') return { body: {} };
      if (c.path === '/staff/r1/reset') return { body: { url: 'https://example.com/admin/setup#new', expiresAt: '2026-11-30T10:00:00Z', mailed: false } };
      return undefined;
    });
    renderAdmin(<StaffScreen />, '/admin/staff', admin);
    await screen.findByRole('cell', { name: 'Ravi Recruiter' });
    const save = screen.getByRole('button', { name: 'Save role of Ravi Recruiter' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Role of Ravi Recruiter'), { target: { value: 'editor' } });
    fireEvent.click(save);
    expect(await screen.findByText('Ravi Recruiter is now Editor.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Disable Ravi Recruiter' }));
    expect(await screen.findByText("Ravi Recruiter's account is disabled.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New set-up link for Ravi Recruiter' }));
    expect(((await screen.findByLabelText('Set-up link')) as HTMLInputElement).value).toBe('https://example.com/admin/setup#new');
    // Not queued: the admin is told to pass it on.
    expect(screen.getByText(/The e-mail could not be queued: send this link to the person yourself\./)).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body])).toEqual([
      ['PATCH', '/staff/r1', { role: 'editor' }],
      ['PATCH', '/staff/r1', { disabled: true }],
      ['POST', '/staff/r1/reset', undefined],
    ]);
  });

  it("opens a member's public profile from their row, saves it and closes it", async () => {
    let profile = { displayName: '', bio: '', photo: [] as never[] };
    const calls = stubApi((c) => {
      if (c.path === '/staff' && c.method === 'GET') return { body: accounts };
      if (c.path === '/staff/r1/profile' && c.method === 'GET') return { body: profile };
      if (c.path === '/staff/r1/profile' && c.method === 'PUT') {
        const body = c.body as { displayName: string; bio: string };
        if (body.displayName.length > 80) return { status: 422, body: apiError('Check the form.', { displayName: 'At most 80 characters.' }) };
        profile = { ...profile, ...body };
        return { body: profile };
      }
      return undefined;
    });
    renderAdmin(<StaffScreen />, '/admin/staff', admin);
    await screen.findByRole('cell', { name: 'Ravi Recruiter' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit profile of Ravi Recruiter' }));
    const heading = await screen.findByRole('heading', { name: 'Public profile of Ravi Recruiter' });
    expect(document.activeElement).toBe(heading);
    const name = (await screen.findByLabelText('Display name')) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'x'.repeat(81) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('At most 80 characters.')).toBeTruthy();
    expect(name.value).toBe('x'.repeat(81));
    fireEvent.change(name, { target: { value: 'Ravi Kumar' } });
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'Hires engineers.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Ravi Recruiter’s profile is saved. Their posts show it now.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/staff/r1/profile', { displayName: 'x'.repeat(81), bio: '' }],
      ['/staff/r1/profile', { displayName: 'Ravi Kumar', bio: 'Hires engineers.' }],
    ]);
    // Every row has the button, the admin's own too.
    expect(screen.getByRole('button', { name: 'Edit profile of Ada Admin' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close profile of Ravi Recruiter' }));
    expect(screen.queryByRole('heading', { name: 'Public profile of Ravi Recruiter' })).toBeNull();
  });
});
