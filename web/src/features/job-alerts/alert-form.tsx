import { useRef, useState, type FormEvent } from 'react';
import { FormField } from '../../components/form-field';
import { HoneypotField } from '../../components/honeypot-field';
import { Spinner } from '../../components/spinner';
import { ApiRequestError } from '../../lib/api-client';
import { subscribe } from './alert-api';

type Field = 'email' | 'frequency' | 'filter';

const button =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-wait disabled:bg-slate-600';

/**
 * "Get new jobs by e-mail": the visitor's address and how often, for the
 * search in filter (a canonical query string). The server answers alike
 * whether or not the address had the alert already; what was typed stays
 * in the form on an error.
 */
export function JobAlertForm({ filter, description }: { filter: string; description: string }) {
  const opened = useRef(Date.now());
  const [email, setEmail] = useState('');
  const [frequency, setFrequency] = useState('weekly');
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState('');
  const [failed, setFailed] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    setDone('');
    setFailed('');
    if (!email.trim()) {
      setErrors({ email: 'Enter your e-mail address.' });
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const answer = await subscribe({ email: email.trim(), filter, frequency, website, elapsedMs: Date.now() - opened.current });
      setDone(answer.message);
    } catch (err) {
      if (err instanceof ApiRequestError && Object.keys(err.fields).length > 0) setErrors(err.fields);
      setFailed(err instanceof ApiRequestError && err.fromServer ? err.message : 'The alert could not be sent. Check your connection and try again.');
    } finally {
      setSending(false);
    }
  }

  return (
    <section id="job-alert" aria-labelledby="job-alert-title" className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id="job-alert-title" className="text-2xl font-bold tracking-tight text-slate-900">
        Get new jobs by e-mail
      </h2>
      <p className="mt-2 text-slate-700">
        We e-mail you when new jobs match this search: <strong>{description}</strong>. No account needed; every e-mail has a link to stop
        it.
      </p>
      <form method="post" noValidate onSubmit={submit} aria-labelledby="job-alert-title" className="relative mt-6 space-y-5">
        <FormField id="job-alert-email" name="email" label="E-mail address" type="email" autoComplete="email" value={email} onChange={setEmail} error={errors.email} />
        <fieldset aria-describedby={errors.frequency ? 'job-alert-frequency-error' : undefined}>
          <legend className="font-medium text-slate-900">How often</legend>
          <div className="mt-2 flex gap-6">
            {['daily', 'weekly'].map((f) => (
              <label key={f} className="inline-flex items-center gap-2 text-slate-900">
                <input type="radio" name="frequency" value={f} checked={frequency === f} onChange={() => setFrequency(f)} className="size-4 accent-brand-700" />
                {f === 'daily' ? 'Daily' : 'Weekly'}
              </label>
            ))}
          </div>
          {errors.frequency && (
            <p id="job-alert-frequency-error" className="mt-1.5 text-sm font-medium text-red-700">
              {errors.frequency}
            </p>
          )}
        </fieldset>
        {errors.filter && <p className="text-sm font-medium text-red-700">{errors.filter}</p>}
        <HoneypotField id="job-alert-website" name="website" label="Website" value={website} onChange={setWebsite} />
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <button type="submit" disabled={sending} className={button}>
            {sending && <Spinner />}
            {sending ? 'Sending…' : 'Get job alerts'}
          </button>
          <div className="min-w-0 font-semibold">
            {/* A live region without the status role: the list's count above is the page's status. */}
            <p aria-live="polite" className="text-green-800">
              {done}
            </p>
            <p role="alert" className="text-red-700">
              {failed}
            </p>
          </div>
        </div>
      </form>
    </section>
  );
}
