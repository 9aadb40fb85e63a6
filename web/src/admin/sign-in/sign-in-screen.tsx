// Sign-in: e-mail and password, then (for accounts with two-step sign-in)
// the code from the authenticator app or a recovery code. What was typed
// stays after an error; the server's message is shown as it was sent.
import { useEffect, useState, type FormEvent } from 'react';
import type { StaffMe } from '../../gen/wire';
import { login } from '../app/auth-api';
import { Alert, messageOf } from '../ui/alert';
import { Field } from '../ui/field';
import { heading1, primaryButton, secondaryButton } from '../ui/styles';

interface Props {
  /** Why the member sees this screen, e.g. their session ended. */
  notice?: string;
  onSignedIn: (me: StaffMe) => void;
}

export const CODE_HINT = 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.';

export function SignInScreen({ notice, onSignedIn }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = 'Sign in – Staff console';
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await login(needsCode ? { email, password, code: code.trim() } : { email, password });
      if (answer.staff) {
        onSignedIn(answer.staff);
        return;
      }
      if (answer.needsCode) setNeedsCode(true);
      else setError('Something went wrong. Try again.');
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  function startOver() {
    setNeedsCode(false);
    setCode('');
    setError(null);
  }

  return (
    <main id="main" className="mx-auto max-w-sm px-4 py-12">
      <p className="mb-6 text-sm font-semibold text-slate-700">Staff console</p>
      <h1 className={heading1}>
        {needsCode ? 'Two-step sign-in' : 'Sign in'}
      </h1>
      {notice && !needsCode && (
        <p role="status" className="mt-4 rounded-md border border-blue-300 bg-blue-50 px-3 py-2 text-sm text-blue-900">
          {notice}
        </p>
      )}
      <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
        {needsCode ? (
          <>
            <p className="text-sm text-slate-700">Signing in as {email}.</p>
            <Field
              label="Authentication code"
              hint={CODE_HINT}
              name="code"
              autoComplete="one-time-code"
              autoFocus
              inputMode="text"
              autoCapitalize="none"
              spellCheck={false}
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </>
        ) : (
          <>
            <Field
              label="E-mail"
              type="email"
              name="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <Field
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </>
        )}
        <Alert message={error} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={primaryButton} disabled={busy}>
            {needsCode ? 'Verify' : 'Sign in'}
          </button>
          {needsCode && (
            <button type="button" className={secondaryButton} onClick={startOver}>
              Use another account
            </button>
          )}
        </div>
      </form>
    </main>
  );
}
