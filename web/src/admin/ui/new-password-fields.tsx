// A new password typed twice, with the rules the server applies: the
// set-up screen and the account page's password change ask for it alike
// and check it alike before sending (the server checks again and also
// refuses common passwords).
import { Field } from './field';

/** The shortest password the server accepts (it also refuses common ones). */
export const MIN_PASSWORD_LENGTH = 12;
export const PASSWORD_RULES = `Use at least ${MIN_PASSWORD_LENGTH} characters. Common passwords are not accepted.`;
export const MISMATCH_MESSAGE = 'The two passwords are not the same. Type the same password in both fields.';

export interface NewPasswordErrors {
  password?: string;
  confirm?: string;
}

/** What is wrong with a new password and its confirmation, as the fields show it; empty when nothing is. */
export function checkNewPassword(password: string, confirm: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (password.length < MIN_PASSWORD_LENGTH) errors.password = `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password !== confirm) errors.confirm = MISMATCH_MESSAGE;
  return errors;
}

interface Props {
  password: string;
  confirm: string;
  errors: NewPasswordErrors;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  /** The fields' labels: "New password" and "Confirm password" unless given. */
  label?: string;
  confirmLabel?: string;
  /** Said under the first label: the rules, unless given. */
  hint?: string;
}

export function NewPasswordFields({
  password,
  confirm,
  errors,
  onPassword,
  onConfirm,
  label = 'New password',
  confirmLabel = 'Confirm password',
  hint = PASSWORD_RULES,
}: Props) {
  return (
    <>
      <Field
        label={label}
        hint={hint}
        type="password"
        name="new-password"
        autoComplete="new-password"
        required
        value={password}
        error={errors.password}
        onChange={(e) => onPassword(e.target.value)}
      />
      <Field
        label={confirmLabel}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        required
        value={confirm}
        error={errors.confirm}
        onChange={(e) => onConfirm(e.target.value)}
      />
    </>
  );
}
