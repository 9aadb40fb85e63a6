import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, member, renderAdmin, stubApi } from '../test-utils';
import { CODE_HINT, SignInScreen } from './sign-in-screen';

function typeCredentials(email = 'lee@example.com', password = 'a long secret phrase') {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

describe('sign-in', () => {
  it('has fields a password manager understands', () => {
    stubApi(() => undefined);
    renderAdmin(<SignInScreen onSignedIn={() => {}} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
  });

  it('asks for the code when the account has two-step sign-in, and sends it with the password', async () => {
    const onSignedIn = vi.fn();
    let step = 0;
    const calls = stubApi((c) => {
      if (c.path !== '/login') return undefined;
      step++;
      if (step === 1) return { body: { needsCode: true } };
      if (step === 2) return { status: 401, body: apiError('The code is not right. Try again.', undefined, 'unauthorized') };
      return { body: { staff: member({ email: 'lee@example.com', totpEnabled: true }) } };
    });
    renderAdmin(<SignInScreen onSignedIn={onSignedIn} />);
    typeCredentials();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const code = await screen.findByLabelText('Authentication code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByText(CODE_HINT)).toBeTruthy();
    expect(code.getAttribute('aria-describedby')).toBe(screen.getByText(CODE_HINT).id);
    expect(onSignedIn).not.toHaveBeenCalled();

    fireEvent.change(code, { target: { value: '12345 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The code is not right. Try again.');
    expect((screen.getByLabelText('Authentication code') as HTMLInputElement).value).toBe('12345 ');

    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: 'abcd-efgh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(calls.map((c) => c.body)).toEqual([
      { email: 'lee@example.com', password: 'a long secret phrase' },
      { email: 'lee@example.com', password: 'a long secret phrase', code: '12345' },
      { email: 'lee@example.com', password: 'a long secret phrase', code: 'abcd-efgh' },
    ]);
  });

  it('shows the server message word for word and keeps what was typed', async () => {
    stubApi((c) =>
      c.path === '/login' ? { status: 429, body: apiError('Too many sign-in attempts. Try again in 14 minutes.', undefined, 'rate_limited') } : undefined,
    );
    renderAdmin(<SignInScreen onSignedIn={() => {}} />);
    typeCredentials('kim@example.com', 'wrong password here');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many sign-in attempts. Try again in 14 minutes.');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('kim@example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('wrong password here');
  });

  it('does not treat a wrong password as an ended session', async () => {
    const ended = vi.fn();
    window.addEventListener('admin:signed-out', ended);
    stubApi((c) => (c.path === '/login' ? { status: 401, body: apiError('E-mail or password is incorrect.', undefined, 'unauthorized') } : undefined));
    renderAdmin(<SignInScreen onSignedIn={() => {}} />);
    typeCredentials();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('E-mail or password is incorrect.');
    window.removeEventListener('admin:signed-out', ended);
    expect(ended).not.toHaveBeenCalled();
  });
});
