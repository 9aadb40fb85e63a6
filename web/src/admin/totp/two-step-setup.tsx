// Setting up two-step sign-in: a secret from the server (the same one for ten
// minutes, so a reload shows what was scanned), shown as a QR
// code and as text, confirmed with a code from the authenticator app; then
// the recovery codes, shown once. Admins must pass through it before
// anything else; other members reach it from their account page.
import { useEffect, useState, type FormEvent } from 'react';
import type { TOTPSetup } from '../../gen/wire';
import { beginTotp, confirmTotp } from '../app/auth-api';
import { Alert, messageOf } from '../ui/alert';
import { Field } from '../ui/field';
import { heading1, heading2, primaryButton, secondaryButton } from '../ui/styles';
import { RecoveryCodesScreen } from './recovery-codes';

interface Props {
  /** Called after the member has saved their recovery codes. */
  onDone: () => void;
  /** Offered to members who may leave without setting it up. */
  onCancel?: () => void;
  /** Why the member is here, e.g. admins must set it up. */
  intro?: string;
}

type Step =
  | { state: 'starting' }
  | { state: 'failed'; message: string }
  | { state: 'scan'; setup: TOTPSetup }
  | { state: 'codes'; codes: string[] };

/** The QR code as an image source: the server's SVG as a data: URL (allowed by the site's img-src). */
export function qrSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The secret in groups of four, easier to type into an app. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

export function TwoStepSetup({ onDone, onCancel, intro }: Props) {
  const [step, setStep] = useState<Step>({ state: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    beginTotp().then(
      (setup) => current && setStep({ state: 'scan', setup }),
      (e: unknown) => current && setStep({ state: 'failed', message: messageOf(e) }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const typed = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setError('Enter the 6-digit code your authenticator app shows now.');
      return;
    }
    setBusy(true);
    try {
      const answer = await confirmTotp(typed);
      setStep({ state: 'codes', codes: answer.codes });
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  if (step.state === 'codes') return <RecoveryCodesScreen codes={step.codes} onContinue={onDone} />;

  return (
    <div className="max-w-xl space-y-6">
      <h1 className={heading1} tabIndex={-1}>
        Set up two-step sign-in
      </h1>
      {intro && <p className="text-sm text-slate-700">{intro}</p>}
      {step.state === 'starting' && <p role="status">Loading…</p>}
      {step.state === 'failed' && (
        <div className="space-y-3">
          <Alert message={step.message} />
          <button type="button" className={secondaryButton} onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
      {step.state === 'scan' && (
        <>
          <section className="space-y-3" aria-labelledby="totp-scan">
            <h2 id="totp-scan" className={heading2}>
              1. Add the console to your authenticator app
            </h2>
            <p className="text-sm text-slate-700">Scan the QR code with an authenticator app on your phone.</p>
            <img
              src={qrSource(step.setup.qrSvg)}
              alt="QR code to scan with your authenticator app"
              width={200}
              height={200}
              className="h-[200px] w-[200px] border border-slate-300 bg-white p-2"
            />
            <p className="text-sm text-slate-700">If you cannot scan it, enter this key in the app instead:</p>
            <p className="break-all font-mono text-base text-slate-900">
              {grouped(step.setup.secret)}
            </p>
          </section>
          <section className="space-y-3" aria-labelledby="totp-confirm">
            <h2 id="totp-confirm" className={heading2}>
              2. Enter the code the app shows
            </h2>
            <form className="space-y-4" onSubmit={submit} noValidate>
              <Field
                label="Authentication code"
                hint="The 6-digit code from your authenticator app."
                name="code"
                autoComplete="one-time-code"
                inputMode="numeric"
                required
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
              <Alert message={error} />
              <div className="flex flex-wrap gap-3">
                <button type="submit" className={primaryButton} disabled={busy}>
                  Turn on two-step sign-in
                </button>
                {onCancel && (
                  <button type="button" className={secondaryButton} onClick={onCancel}>
                    Cancel
                  </button>
                )}
              </div>
            </form>
          </section>
        </>
      )}
    </div>
  );
}
