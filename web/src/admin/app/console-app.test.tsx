import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT_EVENT } from '../api';
import { member, renderAdmin, stubApi, type Call, type Reply } from '../test-utils';
import { ConsoleApp, SESSION_ENDED, SIGNED_OUT, SIGNED_OUT_EVERYWHERE } from './console-app';

// Three screens stand in for the registry: one for everyone, one for
// recruiters, one for admins only.
vi.mock('../screens', () => {
  const screen = (title: string) => () => Promise.resolve({ default: () => <h1>{title}</h1> });
  return {
    screens: [
      { path: '', label: 'Dashboard', roles: ['recruiter', 'editor'], load: screen('Dashboard screen') },
      { path: 'jobs', label: 'Jobs', roles: ['recruiter'], load: screen('Jobs screen') },
      { path: 'staff', label: 'Staff', roles: [], load: screen('Staff screen') },
    ],
  };
});

function signedInAs(role: string, extra: (c: Call) => Reply | undefined = () => undefined) {
  return stubApi((c) => {
    if (c.method === 'GET' && c.path === '/me') return { body: member({ role }) };
    return extra(c);
  });
}

function navLinks() {
  return within(screen.getByRole('navigation', { name: 'Console' }))
    .getAllByRole('link')
    .map((a) => a.textContent);
}

describe('console shell', () => {
  it('shows the navigation the role may use, who is signed in, and marks the current screen', async () => {
    signedInAs('recruiter');
    renderAdmin(<ConsoleApp />, '/admin/jobs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Jobs screen' })).toBeTruthy();
    expect(navLinks()).toEqual(['Dashboard', 'Jobs']);
    expect(screen.getByRole('link', { name: 'Jobs' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('banner').textContent).toContain('Asha Rao');
    expect(screen.getByRole('banner').textContent).toContain('Recruiter');
    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe('#main');
    expect(document.title).toBe('Jobs – Staff console');
  });

  it('lets an admin see every screen', async () => {
    signedInAs('admin');
    renderAdmin(<ConsoleApp />, '/admin');
    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeTruthy();
    expect(navLinks()).toEqual(['Dashboard', 'Jobs', 'Staff']);
  });

  it('tells a member when a screen is not for their role, and when an address is no screen', async () => {
    signedInAs('editor');
    renderAdmin(<ConsoleApp />, '/admin/staff');
    expect(await screen.findByRole('heading', { name: "You don't have access to this screen." })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Staff screen' })).toBeNull();
    expect(navLinks()).toEqual(['Dashboard']);
    fireEvent.click(screen.getByRole('link', { name: 'Go to the dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeTruthy();
  });

  it('shows not found for an unknown address', async () => {
    signedInAs('admin');
    renderAdmin(<ConsoleApp />, '/admin/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('moves focus to the new screen heading after navigating', async () => {
    signedInAs('recruiter');
    renderAdmin(<ConsoleApp />, '/admin');
    await screen.findByRole('heading', { name: 'Dashboard screen' });
    fireEvent.click(screen.getByRole('link', { name: 'Jobs' }));
    const h1 = await screen.findByRole('heading', { name: 'Jobs screen' });
    await waitFor(() => expect(document.activeElement).toBe(h1));
  });

  it('opens and closes the menu with its button', async () => {
    signedInAs('recruiter');
    renderAdmin(<ConsoleApp />, '/admin');
    await screen.findByRole('heading', { name: 'Dashboard screen' });
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('navigation', { name: 'Console' }).className).toContain('hidden');
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Console' }).className).not.toMatch(/(^| )hidden/);
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the menu when a screen is chosen in it', async () => {
    signedInAs('recruiter');
    renderAdmin(<ConsoleApp />, '/admin');
    await screen.findByRole('heading', { name: 'Dashboard screen' });
    const menu = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('link', { name: 'Jobs' }));
    await screen.findByRole('heading', { name: 'Jobs screen' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('navigation', { name: 'Console' }).className).toContain('hidden');
  });

  it('shows sign-in when nobody is signed in', async () => {
    stubApi((c) => (c.path === '/me' ? { status: 401, body: { error: { code: 'unauthorized', message: 'Sign in.' } } } : undefined));
    renderAdmin(<ConsoleApp />, '/admin/jobs');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('asks for sign-in again when the session ends, then returns to where the member was', async () => {
    let signedIn = true;
    const calls = stubApi((c) => {
      if (c.path === '/me') return signedIn ? { body: member() } : { status: 401, body: { error: { code: 'unauthorized', message: 'Sign in.' } } };
      if (c.path === '/login') {
        signedIn = true;
        return { body: { staff: member() } };
      }
      return undefined;
    });
    renderAdmin(<ConsoleApp />, '/admin/jobs?sort=new');
    await screen.findByRole('heading', { name: 'Jobs screen' });
    signedIn = false;
    act(() => {
      window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
    });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(SESSION_ENDED);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse battery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Jobs screen' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/jobs?sort=new');
    expect(calls.find((c) => c.path === '/login')?.body).toEqual({ email: 'asha@example.com', password: 'correct horse battery' });
  });

  it('signs out', async () => {
    const calls = signedInAs('recruiter', (c) => (c.path === '/logout' || c.path === '/logout-everywhere' ? { status: 204 } : undefined));
    renderAdmin(<ConsoleApp />, '/admin/jobs');
    await screen.findByRole('heading', { name: 'Jobs screen' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(SIGNED_OUT);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /logout');
    // The router may apply the navigation a moment after the sign-in screen shows.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it('signs out everywhere', async () => {
    const calls = signedInAs('editor', (c) => (c.path === '/logout-everywhere' ? { status: 204 } : undefined));
    renderAdmin(<ConsoleApp />, '/admin');
    await screen.findByRole('heading', { name: 'Dashboard screen' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(SIGNED_OUT_EVERYWHERE);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /logout-everywhere');
  });

  it('offers signing out everywhere in the menu too (the header keeps it for wider screens)', async () => {
    const calls = signedInAs('editor', (c) => (c.path === '/logout-everywhere' ? { status: 204 } : undefined));
    renderAdmin(<ConsoleApp />, '/admin');
    await screen.findByRole('heading', { name: 'Dashboard screen' });
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).queryByRole('button', { name: 'Sign out everywhere' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(SIGNED_OUT_EVERYWHERE);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /logout-everywhere');
  });

  it('lets an admin without two-step sign-in do nothing but set it up', async () => {
    stubApi((c) => {
      if (c.path === '/me') return { body: member({ role: 'admin', mustEnrollTotp: true }) };
      if (c.path === '/totp/begin') return { body: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>' } };
      return undefined;
    });
    renderAdmin(<ConsoleApp />, '/admin/staff');
    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Staff screen' })).toBeNull();
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('opens the console once the admin has set up two-step sign-in and saved the codes', async () => {
    let enrolled = false;
    stubApi((c) => {
      if (c.path === '/me') return { body: member({ role: 'admin', mustEnrollTotp: !enrolled, totpEnabled: enrolled }) };
      if (c.path === '/totp/begin') return { body: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>' } };
      if (c.path === '/totp/confirm') {
        enrolled = true;
        return { body: { codes: ['one-1111', 'two-2222'] } };
      }
      return undefined;
    });
    renderAdmin(<ConsoleApp />, '/admin/staff');
    fireEvent.change(await screen.findByLabelText('Authentication code', { exact: false }), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    await screen.findByRole('heading', { name: 'Save your recovery codes' });
    fireEvent.click(screen.getByLabelText('I have saved these codes'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Staff screen' })).toBeTruthy();
  });
});
