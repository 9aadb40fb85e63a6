// Moving two-step sign-in to another authenticator (a new phone): a code
// from the one in use first, then the new key (QR code and text), confirmed
// with a code from the new app. Until then the old one keeps working; for
// ten minutes, starting again shows the same new key.
import { useState, type FormEvent } from 'react';
import type { TOTPSetup } from '../../gen/wire';
import { ApiRequestError } from '../../lib/api-client';
import { qrSource } from '../totp/two-step-setup';
import { Alert, messageOf } from '../ui/alert';
import { Field } from '../ui/field';
import { heading1, heading2, primaryButton, secondaryButton } from '../ui/styles';
import { beginReplace, confirmReplace } from './account-api';

interface Props {
  onDone: () => void;
  onCancel: () => void;
}

const SIX_DIGITS = 'Enter the 6-digit code your authenticator app shows now.';

function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

export function ChangeAuthenticator({ onDone, onCancel }: Props) {
  const [setup, setSetup] = useState<TOTPSetup | null>(null);
  const [oldCode, setOldCode] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function attempt(typed: string, call: () => Promise<void>, field: string) {
    setError(null);
    setFieldError(undefined);
    if (!/^\d{6}$/.test(typed)) {
      setFieldError(SIX_DIGITS);
      return;
    }
    setBusy(true);
    try {
      await call();
    } catch (err) {
      if (err instanceof ApiRequestError && err.fields[field]) setFieldError(err.fields[field]);
      else setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  function begin(e: FormEvent) {
    e.preventDefault();
    const typed = oldCode.replace(/\s+/g, '');
    void attempt(typed, async () => setSetup(await beginReplace(typed)), 'oldCode');
  }

  function confirm(e: FormEvent) {
    e.preventDefault();
    const typed = code.replace(/\s+/g, '');
    void attempt(
      typed,
      async () => {
        await confirmReplace(typed);
        onDone();
      },
      'code',
    );
  }

  return (
    <div className="max-w-xl space-y-6">
      <h1 className={heading1} tabIndex={-1}>
        Change authenticator
      </h1>
      <p className="text-sm text-slate-700">
        Moving two-step sign-in to a new phone or app. Your current authenticator keeps working until the new one is confirmed,
        and your recovery codes stay as they are.
      </p>
      {!setup ? (
        <form className="space-y-4" onSubmit={begin} noValidate>
          <Field
            label="Code from your current authenticator app"
            hint="The 6-digit code the app you use today shows."
            name="old-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            value={oldCode}
            error={fieldError}
            onChange={(e) => setOldCode(e.target.value)}
          />
          <Alert message={error} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={primaryButton} disabled={busy}>
              Continue
            </button>
            <button type="button" className={secondaryButton} onClick={onCancel}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <section className="space-y-3" aria-labelledby="replace-scan">
            <h2 id="replace-scan" className={heading2}>
              1. Add the console to your new authenticator app
            </h2>
            <img
              src={qrSource(setup.qrSvg)}
              alt="QR code to scan with your new authenticator app"
              width={200}
              height={200}
              className="h-[200px] w-[200px] border border-slate-300 bg-white p-2"
            />
            <p className="text-sm text-slate-700">If you cannot scan it, enter this key in the app instead:</p>
            <p className="break-all font-mono text-base text-slate-900">{grouped(setup.secret)}</p>
          </section>
          <section className="space-y-3" aria-labelledby="replace-confirm">
            <h2 id="replace-confirm" className={heading2}>
              2. Enter the code the new app shows
            </h2>
            <form className="space-y-4" onSubmit={confirm} noValidate aria-labelledby="replace-confirm">
              <Field
                label="Code from the new app"
                hint="The 6-digit code from the app you just added the console to."
                name="code"
                autoComplete="one-time-code"
                inputMode="numeric"
                required
                value={code}
                error={fieldError}
                onChange={(e) => setCode(e.target.value)}
              />
              <Alert message={error} />
              <div className="flex flex-wrap gap-3">
                <button type="submit" className={primaryButton} disabled={busy}>
                  Use the new authenticator
                </button>
                <button type="button" className={secondaryButton} onClick={onCancel}>
                  Cancel
                </button>
              </div>
            </form>
          </section>
        </>
      )}
    </div>
  );
}
