// Changing one's own password: the current one, then the new one twice.
// The rules are set-up's; the server says which field is wrong.
import { useState, type FormEvent } from 'react';
import { ApiRequestError } from '../../lib/api-client';
import { Alert, messageOf } from '../ui/alert';
import { Field } from '../ui/field';
import { checkNewPassword, NewPasswordFields, PASSWORD_RULES } from '../ui/new-password-fields';
import { heading2, primaryButton } from '../ui/styles';
import { changePassword } from './account-api';

type Errors = { currentPassword?: string; newPassword?: string; confirm?: string };

interface Props {
  email: string;
  /** Called after the password was changed (the other sessions ended). */
  onChanged: () => void;
}

export function PasswordForm({ email, onChanged }: Props) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setDone('');
    const fresh = checkNewPassword(next, confirm);
    const found: Errors = { currentPassword: current ? undefined : 'Enter your current password.', newPassword: fresh.password, confirm: fresh.confirm };
    setErrors(found);
    if (found.currentPassword || found.newPassword || found.confirm) return;
    setBusy(true);
    try {
      await changePassword(current, next);
      setCurrent('');
      setNext('');
      setConfirm('');
      setDone('Your password is changed. Your other sessions were signed out.');
      onChanged();
    } catch (err) {
      if (err instanceof ApiRequestError && (err.fields.currentPassword || err.fields.newPassword)) {
        setErrors({ currentPassword: err.fields.currentPassword, newPassword: err.fields.newPassword });
      } else {
        setError(messageOf(err));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="space-y-3" aria-labelledby="account-password">
      <h2 id="account-password" className={heading2}>
        Password
      </h2>
      <form className="space-y-4" onSubmit={submit} noValidate aria-labelledby="account-password">
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Field
          label="Current password"
          type="password"
          name="current-password"
          autoComplete="current-password"
          required
          value={current}
          error={errors.currentPassword}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <NewPasswordFields
          password={next}
          confirm={confirm}
          errors={{ password: errors.newPassword, confirm: errors.confirm }}
          onPassword={setNext}
          onConfirm={setConfirm}
          confirmLabel="Confirm new password"
          hint={`${PASSWORD_RULES} Not your name or e-mail address.`}
        />
        <Alert message={error} />
        <p role="status" className="text-sm text-green-800">
          {done}
        </p>
        <button type="submit" className={primaryButton} disabled={busy}>
          Change password
        </button>
      </form>
    </section>
  );
}
