// The set-up link's screen (/admin/setup#token): a new member of staff, or
// one whose password was reset, chooses a password and is then signed in.
// The token travels in the fragment, so it never reaches a server log.
import { useEffect, useState, type FormEvent } from 'react';
import type { SetupInfo, StaffMe } from '../../gen/wire';
import { ApiRequestError } from '../../lib/api-client';
import { checkSetupToken, setPassword } from '../app/auth-api';
import { Alert, messageOf } from '../ui/alert';
import { checkNewPassword, NewPasswordFields, type NewPasswordErrors } from '../ui/new-password-fields';
import { heading1, primaryButton } from '../ui/styles';

interface Props {
  token: string;
  onSignedIn: (me: StaffMe) => void;
}

type Check = { state: 'checking' } | { state: 'valid'; info: SetupInfo } | { state: 'invalid'; message: string };

export function SetupScreen({ token, onSignedIn }: Props) {
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  const [password, setPasswordValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldErrors, setFieldErrors] = useState<NewPasswordErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = 'Set your password – Staff console';
  }, []);

  useEffect(() => {
    let current = true;
    if (!token) {
      setCheck({ state: 'invalid', message: 'This set-up link is incomplete. Open the whole link you were sent.' });
      return;
    }
    checkSetupToken(token).then(
      (info) => current && setCheck({ state: 'valid', info }),
      (e: unknown) => current && setCheck({ state: 'invalid', message: messageOf(e) }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const errors = checkNewPassword(password, confirm);
    setFieldErrors(errors);
    if (errors.password || errors.confirm) return;
    setBusy(true);
    try {
      const answer = await setPassword({ token, password });
      if (answer.staff) onSignedIn(answer.staff);
      else setError('Your password is set. Sign in to continue.');
    } catch (err) {
      if (err instanceof ApiRequestError && err.fields.password) setFieldErrors({ password: err.fields.password });
      else setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main id="main" className="mx-auto max-w-sm px-4 py-12">
      <p className="mb-6 text-sm font-semibold text-slate-700">Staff console</p>
      {check.state === 'checking' && <p role="status">Checking your set-up link…</p>}
      {check.state === 'invalid' && (
        <>
          <h1 className={heading1}>This set-up link does not work</h1>
          <div className="mt-4">
            <Alert message={check.message} />
          </div>
          <p className="mt-4 text-sm text-slate-700">Ask an administrator for a new set-up link.</p>
        </>
      )}
      {check.state === 'valid' && (
        <>
          <h1 className={heading1}>Set your password</h1>
          <p className="mt-2 text-sm text-slate-700">
            For {check.info.name} ({check.info.email}).
          </p>
          <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
            {/* Lets password managers file the new password under the right account. */}
            <input type="email" name="username" autoComplete="username" value={check.info.email} readOnly hidden />
            <NewPasswordFields password={password} confirm={confirm} errors={fieldErrors} onPassword={setPasswordValue} onConfirm={setConfirm} />
            <Alert message={error} />
            <button type="submit" className={primaryButton} disabled={busy}>
              Set password
            </button>
          </form>
        </>
      )}
    </main>
  );
}
