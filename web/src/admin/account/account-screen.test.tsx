import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { StaffSession } from '../../gen/wire';
import { SIGNED_OUT_EVENT } from '../api';
import { StaffContext } from '../staff-context';
import { apiError, member, stubApi, type Call } from '../test-utils';
import { AccountScreen } from './account-screen';

const sessions: StaffSession[] = [
  { ref: 'r-this', device: 'Firefox on Windows', signedInAt: '2026-11-26T09:00:00Z', lastSeenAt: '2026-11-26T10:00:00Z', current: true },
  { ref: 'r-phone', device: 'Safari on iPhone', signedInAt: '2026-11-25T08:00:00Z', lastSeenAt: '2026-11-25T08:30:00Z', current: false },
  { ref: 'r-old', device: 'Chrome on Android', signedInAt: '2026-11-24T08:00:00Z', lastSeenAt: '2026-11-24T08:10:00Z', current: false },
];

function fill(label: string | RegExp, value: string, within_: HTMLElement = document.body) {
  fireEvent.change(within(within_).getByLabelText(label), { target: { value } });
}

function form(name: string): HTMLElement {
  return screen.getByRole('heading', { name }).closest('section')!;
}

function renderAccount(over = {}, handle: (c: Call) => { status?: number; body?: unknown } | undefined = () => undefined) {
  let list = sessions;
  const calls = stubApi((c) => {
    if (c.path === '/account/sessions' && c.method === 'GET') return { body: list };
    const answer = handle(c);
    if (c.path.startsWith('/account/sessions/') && c.method === 'DELETE' && !answer) {
      const ref = c.path.split('/').pop();
      list = list.filter((s) => s.ref !== ref);
      return { body: { current: ref === 'r-this' } };
    }
    if (c.path === '/account/sessions/end-others' && !answer) {
      const n = list.filter((s) => !s.current).length;
      list = list.filter((s) => s.current);
      return { body: { ended: n } };
    }
    return answer;
  });
  // Mounted as the console mounts it, at /admin/account/*.
  render(
    <MemoryRouter basename="/admin" initialEntries={['/admin/account']}>
      <StaffContext.Provider value={member({ totpEnabled: true, ...over })}>
        <Routes>
          <Route path="account/*" element={<AccountScreen onChanged={() => undefined} />} />
        </Routes>
      </StaffContext.Provider>
    </MemoryRouter>,
  );
  return calls;
}

describe('account screen', () => {
  it('changes the password: the current one is required, the two new ones must match, the server names the wrong field', async () => {
    const calls = renderAccount({}, (c) => {
      if (c.path !== '/account/password') return undefined;
      const body = c.body as { currentPassword: string; newPassword: string };
      if (body.currentPassword !== 'my old password') {
        return { status: 422, body: apiError('Please correct the highlighted fields.', { currentPassword: 'Your current password is not right.' }) };
      }
      return { body: {} };
    });
    const section = form('Password');
    fireEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByText('Enter your current password.')).toBeTruthy();
    expect(within(section).getByText('Use at least 12 characters.')).toBeTruthy();

    fill('Current password', 'not it', section);
    fill('New password', 'Silver kettle morning 77', section);
    fill('Confirm new password', 'Silver kettle morning 78', section);
    fireEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByText(/The two passwords are not the same/)).toBeTruthy();
    expect(calls.some((c) => c.path === '/account/password')).toBe(false);

    fill('Confirm new password', 'Silver kettle morning 77', section);
    fireEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByText('Your current password is not right.')).toBeTruthy();
    // What was typed stays.
    expect((within(section).getByLabelText('New password') as HTMLInputElement).value).toBe('Silver kettle morning 77');
    expect(within(section).getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');

    fill('Current password', 'my old password', section);
    fireEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByText('Your password is changed. Your other sessions were signed out.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/account/password').at(-1)?.body).toEqual({
      currentPassword: 'my old password',
      newPassword: 'Silver kettle morning 77',
    });
    expect((within(section).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('makes new recovery codes with the password or a code and shows them once', async () => {
    const calls = renderAccount({}, (c) => {
      if (c.path !== '/account/recovery-codes') return undefined;
      const body = c.body as { password: string; code: string };
      if (body.code === '000000') return { status: 422, body: apiError('The code is not right.', { code: 'The code is not right. Check that your phone’s clock is set automatically and enter the newest code shown.' }) };
      return { body: { codes: ['aaaa-bbbb-cccc-dddd', 'eeee-ffff-gggg-hhhh'] } };
    });
    const section = form('Recovery codes');
    fireEvent.click(within(section).getByRole('button', { name: 'Make new recovery codes' }));
    expect(await within(section).findByText('Enter your current password or a code from your authenticator app.')).toBeTruthy();

    fill(/^Or a code/, '000000', section);
    fireEvent.click(within(section).getByRole('button', { name: 'Make new recovery codes' }));
    expect(await within(section).findByText(/Check that your phone/)).toBeTruthy();

    fill(/^Or a code/, '', section);
    fill('Current password', 'my password is long', section);
    fireEvent.click(within(section).getByRole('button', { name: 'Make new recovery codes' }));
    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeTruthy();
    expect(screen.getByText(/These are your new recovery codes. Your old ones no longer work./)).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'aaaa-bbbb-cccc-dddd',
      'eeee-ffff-gggg-hhhh',
    ]);
    expect(calls.filter((c) => c.path === '/account/recovery-codes').at(-1)?.body).toEqual({ password: 'my password is long', code: '' });

    fireEvent.click(screen.getByLabelText('I have saved these codes'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeTruthy();
    expect(screen.queryByText('aaaa-bbbb-cccc-dddd')).toBeNull();
  });

  it('offers recovery codes and a new authenticator only with two-step sign-in on', async () => {
    renderAccount({ totpEnabled: false });
    expect(await screen.findByRole('link', { name: 'Set up two-step sign-in' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Recovery codes' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Change authenticator' })).toBeNull();
  });

  it('lists the sessions with this one marked, ends one and all others', async () => {
    const calls = renderAccount();
    const section = form('Your sessions');
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual(['Firefox on WindowsThis session', 'Safari on iPhone', 'Chrome on Android']);
    expect(within(items[0]!).getByRole('button', { name: /^Sign out here: Firefox on Windows, signed in / })).toBeTruthy();
    expect(within(items[1]!).getByText(/^Last seen 25 Nov 2026/)).toBeTruthy();

    fireEvent.click(within(items[1]!).getByRole('button', { name: /^End session: Safari on iPhone/ }));
    expect(await within(section).findByText('Ended the session of Safari on iPhone.')).toBeTruthy();
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/account/sessions/r-phone')).toBe(true);

    fireEvent.click(within(section).getByRole('button', { name: 'End all other sessions' }));
    expect(await within(section).findByText('Ended 1 other session.')).toBeTruthy();
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(within(section).queryByRole('button', { name: 'End all other sessions' })).toBeNull();
  });

  it('signs out here when this session is ended', async () => {
    renderAccount();
    const section = form('Your sessions');
    let signedOut = 0;
    const onOut = () => signedOut++;
    window.addEventListener(SIGNED_OUT_EVENT, onOut);
    try {
      fireEvent.click(await within(section).findByRole('button', { name: /^Sign out here/ }));
      await waitFor(() => expect(signedOut).toBe(1));
    } finally {
      window.removeEventListener(SIGNED_OUT_EVENT, onOut);
    }
  });

  it('changes the authenticator: a code from the old one, then the new key confirmed with a code from it', async () => {
    const calls = renderAccount({}, (c) => {
      if (c.path === '/account/totp/begin') {
        if ((c.body as { oldCode: string }).oldCode !== '123456') return { status: 422, body: apiError('The code is not right.', { oldCode: 'The code is not right. Check the clock.' }) };
        return { body: { secret: 'ABCDEFGHIJKLMNOP', uri: 'otpauth://totp/x', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>' } };
      }
      if (c.path === '/account/totp/confirm') return { body: {} };
      return undefined;
    });
    fireEvent.click(await screen.findByRole('link', { name: 'Change authenticator' }));
    expect(await screen.findByRole('heading', { name: 'Change authenticator' })).toBeTruthy();
    fill('Code from your current authenticator app', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter the 6-digit code your authenticator app shows now.')).toBeTruthy();
    fill('Code from your current authenticator app', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The code is not right. Check the clock.')).toBeTruthy();
    fill('Code from your current authenticator app', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('ABCD EFGH IJKL MNOP')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code to scan with your new authenticator app' })).toBeTruthy();
    fill('Code from the new app', '222 333');
    fireEvent.click(screen.getByRole('button', { name: 'Use the new authenticator' }));
    expect(await screen.findByText('Your new authenticator is in use. The old one no longer works.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/account/totp/confirm').map((c) => c.body)).toEqual([{ code: '222333' }]);
  });
});
