import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, member, renderAdmin, stubApi } from '../test-utils';
import { MISMATCH_MESSAGE } from '../ui/new-password-fields';
import { SetupScreen } from './setup-screen';

const info = { email: 'new@example.com', name: 'Nia Shah' };

function fill(password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText('New password', { exact: false }), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
}

describe('set-up link', () => {
  it('says in words when the two passwords differ, and sends nothing', async () => {
    const calls = stubApi((c) => (c.path === '/setup/check' ? { body: info } : undefined));
    renderAdmin(<SetupScreen token="tok123" onSignedIn={() => {}} />, '/admin/setup#tok123');
    expect(await screen.findByRole('heading', { name: 'Set your password' })).toBeTruthy();
    expect(screen.getByText(/new@example\.com/)).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/setup/check', body: { token: 'tok123' } });

    fill('a long enough password', 'a long enough passw0rd');
    expect(await screen.findByText(MISMATCH_MESSAGE)).toBeTruthy();
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.path === '/setup')).toHaveLength(0);
  });

  it('sets the password with the token and signs in; a refused password is explained on its field', async () => {
    const onSignedIn = vi.fn();
    let tries = 0;
    const calls = stubApi((c) => {
      if (c.path === '/setup/check') return { body: info };
      if (c.path === '/setup') {
        tries++;
        return tries === 1
          ? { status: 422, body: apiError('Check the password.', { password: 'This password is too common. Choose another.' }) }
          : { body: { staff: member({ role: 'admin', mustEnrollTotp: true }) } };
      }
      return undefined;
    });
    renderAdmin(<SetupScreen token="tok123" onSignedIn={onSignedIn} />, '/admin/setup#tok123');
    await screen.findByRole('heading', { name: 'Set your password' });
    fill('passwordpassword', 'passwordpassword');
    expect(await screen.findByText('This password is too common. Choose another.')).toBeTruthy();
    fill('a far better pass phrase', 'a far better pass phrase');
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.path === '/setup').map((c) => c.body)).toEqual([
      { token: 'tok123', password: 'passwordpassword' },
      { token: 'tok123', password: 'a far better pass phrase' },
    ]);
  });

  it('explains an expired link with the server message', async () => {
    stubApi((c) => (c.path === '/setup/check' ? { status: 401, body: apiError('This set-up link has expired.', undefined, 'unauthorized') } : undefined));
    renderAdmin(<SetupScreen token="old" onSignedIn={() => {}} />, '/admin/setup#old');
    expect(await screen.findByRole('heading', { name: 'This set-up link does not work' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This set-up link has expired.');
    expect(screen.queryByLabelText('Confirm password')).toBeNull();
  });
});
