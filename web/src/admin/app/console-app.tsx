// The console's session: who is signed in (GET /me), and which of the
// shell's states to show: the set-up link's screen, sign-in, the two-step
// set-up an admin must do first, or the console itself. When any call
// finds the session ended (api.ts fires SIGNED_OUT_EVENT), the member
// signs in again and stays at the address they were at.
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { StaffMe } from '../../gen/wire';
import { ApiRequestError } from '../../lib/api-client';
import { SIGNED_OUT_EVENT } from '../api';
import { SetupScreen } from '../sign-in/setup-screen';
import { SignInScreen } from '../sign-in/sign-in-screen';
import { TwoStepSetup } from '../totp/two-step-setup';
import { Alert, messageOf } from '../ui/alert';
import { heading1, secondaryButton } from '../ui/styles';
import { fetchMe, logout, logoutEverywhere } from './auth-api';
import { ConsoleLayout } from './console-layout';
import { useSessionEnd } from './session-end';

export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
export const SIGNED_OUT = 'You have signed out.';
export const SIGNED_OUT_EVERYWHERE = 'You have signed out on every device.';
export const ADMIN_MUST_ENROLL = 'Administrators must sign in with two steps. Set it up now to open the console.';

type Session =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'signedOut'; notice?: string }
  | { state: 'signedIn'; me: StaffMe };

export function ConsoleApp() {
  const location = useLocation();
  const navigate = useNavigate();
  const [session, setSession] = useState<Session>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const loadMe = useCallback(async () => {
    try {
      setSession({ state: 'signedIn', me: await fetchMe() });
    } catch (e) {
      if (e instanceof ApiRequestError && e.status === 401) setSession({ state: 'signedOut' });
      else setSession({ state: 'failed', message: messageOf(e) });
    }
  }, []);

  useEffect(() => {
    void loadMe();
  }, [loadMe, attempt]);

  useEffect(() => {
    const ended = () =>
      setSession((s) => (s.state === 'signedIn' ? { state: 'signedOut', notice: SESSION_ENDED } : s));
    window.addEventListener(SIGNED_OUT_EVENT, ended);
    return () => window.removeEventListener(SIGNED_OUT_EVENT, ended);
  }, []);

  useSessionEnd(session.state === 'signedIn' ? session.me.expiresAt : undefined);

  const signOut = async (everywhere: boolean) => {
    try {
      await (everywhere ? logoutEverywhere() : logout());
    } catch {
      // Ended already, or the server is away: the member is signed out here either way.
    }
    navigate('/');
    setSession({ state: 'signedOut', notice: everywhere ? SIGNED_OUT_EVERYWHERE : SIGNED_OUT });
  };

  if (location.pathname === '/setup') {
    return (
      <SetupScreen
        token={location.hash.slice(1)}
        onSignedIn={(me) => {
          setSession({ state: 'signedIn', me });
          navigate('/', { replace: true });
        }}
      />
    );
  }

  switch (session.state) {
    case 'loading':
      return (
        <main id="main" className="px-4 py-12">
          <p role="status">Loading…</p>
        </main>
      );
    case 'failed':
      return (
        <main id="main" className="mx-auto max-w-sm space-y-4 px-4 py-12">
          <h1 className={heading1}>The console could not start</h1>
          <Alert message={session.message} />
          <button type="button" className={secondaryButton} onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </main>
      );
    case 'signedOut':
      return <SignInScreen notice={session.notice} onSignedIn={(me) => setSession({ state: 'signedIn', me })} />;
    case 'signedIn':
      if (session.me.mustEnrollTotp) {
        return (
          <main id="main" className="mx-auto max-w-xl px-4 py-12">
            <div className="mb-6 flex items-center justify-between gap-4">
              <p className="text-sm font-semibold text-slate-700">Staff console</p>
              <button type="button" className={secondaryButton} onClick={() => void signOut(false)}>
                Sign out
              </button>
            </div>
            <TwoStepSetup intro={ADMIN_MUST_ENROLL} onDone={() => void loadMe()} />
          </main>
        );
      }
      return (
        <ConsoleLayout
          me={session.me}
          onSignOut={() => void signOut(false)}
          onSignOutEverywhere={() => void signOut(true)}
          onMeChanged={() => void loadMe()}
        />
      );
  }
}
