// New recovery codes: the member proves it is them (current password or a
// code from the authenticator app); the old codes stop working and the new
// ones are shown once.
import { useState, type FormEvent } from 'react';
import { ApiRequestError } from '../../lib/api-client';
import { Alert, messageOf } from '../ui/alert';
import { Field } from '../ui/field';
import { heading2, secondaryButton } from '../ui/styles';
import { newRecoveryCodes } from './account-api';

interface Props {
  /** Called with the new codes, to be shown once. */
  onCodes: (codes: string[]) => void;
}

export function RecoveryForm({ onCodes }: Props) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const typed = code.replace(/\s+/g, '');
    if (!password && !typed) {
      setErrors({ password: 'Enter your current password or a code from your authenticator app.' });
      return;
    }
    if (typed && !/^\d{6}$/.test(typed)) {
      setErrors({ code: 'Enter the 6-digit code your authenticator app shows now.' });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await newRecoveryCodes({ password: typed ? '' : password, code: typed });
      setPassword('');
      setCode('');
      onCodes(answer.codes);
    } catch (err) {
      if (err instanceof ApiRequestError && (err.fields.password || err.fields.code)) {
        setErrors({ password: err.fields.password, code: err.fields.code });
      } else {
        setError(messageOf(err));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="space-y-3" aria-labelledby="account-recovery">
      <h2 id="account-recovery" className={heading2}>
        Recovery codes
      </h2>
      <p className="text-sm text-slate-700">
        Make ten new codes if you lost yours or used most of them. Your old codes stop working at once. Confirm with your
        current password or a code from your authenticator app.
      </p>
      <form className="space-y-4" onSubmit={submit} noValidate aria-labelledby="account-recovery">
        <Field
          label="Current password"
          type="password"
          name="recovery-password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Field
          label="Or a code from your authenticator app"
          hint="6 digits. Fill in one of the two."
          name="recovery-code"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          error={errors.code}
          onChange={(e) => setCode(e.target.value)}
        />
        <Alert message={error} />
        <button type="submit" className={secondaryButton} disabled={busy}>
          Make new recovery codes
        </button>
      </form>
    </section>
  );
}
