import { useState, type FormEvent } from 'react';
import { FormField } from '../../components/form-field';
import { HoneypotField } from '../../components/honeypot-field';
import { Spinner } from '../../components/spinner';
import { ApiRequestError } from '../../lib/api-client';
import { copy } from './copy';
import { requestLink } from './status-api';

type Field = 'email' | 'reference';

/** Checks the two fields before sending: both are needed. */
export function checkLostLink(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.email.trim()) errors.email = copy.lostMissingEmail;
  if (!values.reference.trim()) errors.reference = copy.lostMissingReference;
  return errors;
}

/**
 * "Lost your link?": the applicant's e-mail address and reference; the server
 * answers alike whether or not they match, and e-mails a new link when they do.
 */
export function LostLinkForm() {
  const [values, setValues] = useState<Record<Field, string>>({ email: '', reference: '' });
  const [homepage, setHomepage] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState('');
  const [failed, setFailed] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problems = checkLostLink(values);
    setErrors(problems);
    setDone('');
    setFailed('');
    if (Object.keys(problems).length > 0) return;
    setSending(true);
    try {
      const answer = await requestLink({ email: values.email.trim(), reference: values.reference.trim(), homepage });
      setDone(answer.message);
    } catch (err) {
      if (err instanceof ApiRequestError && Object.keys(err.fields).length > 0) setErrors(err.fields);
      setFailed(err instanceof ApiRequestError && err.fromServer ? err.message : copy.failed);
    } finally {
      setSending(false);
    }
  }

  const field = (name: Field) => ({
    id: `lost-link-${name}`,
    name,
    label: copy.lostLabels[name],
    value: values[name],
    error: errors[name],
    onChange: (v: string) => setValues((old) => ({ ...old, [name]: v })),
  });

  return (
    <section aria-labelledby="lost-link-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id="lost-link-title" className="text-2xl font-bold tracking-tight text-slate-900">
        {copy.lostHeading}
      </h2>
      <p className="mt-2 text-slate-700">{copy.lostIntro}</p>
      <form method="post" noValidate onSubmit={submit} aria-labelledby="lost-link-title" className="relative mt-6 space-y-5">
        <FormField {...field('email')} type="email" autoComplete="email" />
        <FormField {...field('reference')} autoComplete="off" />
        <HoneypotField id="lost-link-homepage" name="homepage" label={copy.lostLabels.homepage} value={homepage} onChange={setHomepage} />
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <button
            type="submit"
            disabled={sending}
            className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-wait disabled:bg-slate-600"
          >
            {sending && <Spinner />}
            {sending ? copy.lostSending : copy.lostSubmit}
          </button>
          <div className="min-w-0 font-semibold">
            <p role="status" className="text-green-800">
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
