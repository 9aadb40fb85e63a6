import { useRef, useState } from 'react';
import copy from '../../../../content/contact.json';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { fill } from '../../lib/text';
import { FormField } from '../../components/form-field';
import { FormStatus } from '../../components/form-status';
import { HoneypotField } from '../../components/honeypot-field';
import { Spinner } from '../../components/spinner';
import { sendContact } from './send-contact';
import { useEarlyInput } from '../../lib/use-early-input';
import { useSubmitForm, type SubmitOutcome } from '../../lib/use-submit-form';
import { CONTACT_FIELDS, MESSAGE_MIN, trimContact, validateContact, type ContactField, type ContactValues } from './validation';

const t = copy.form;

const EMPTY: ContactValues = { name: '', email: '', subject: '', message: '' };

/**
 * The contact form: checks the fields in the browser with the server's
 * rules, sends them as JSON with an idempotency key, and says in words how
 * it went. On failure everything typed stays in place, and sending the same
 * message again reuses its key: if the first try was stored and only its
 * answer lost, the server answers the first result and stores nothing twice.
 */
export function ContactForm() {
  const { values, errors, change, ref, status, sending, submit } = useSubmitForm(CONTACT_FIELDS, EMPTY, { validate: validateContact, send });
  const [website, setWebsite] = useState('');
  const form = useEarlyInput();
  /**
   * The key of the message last sent and the message it went with. One key per filled-in message: a retry of the same
   * message keeps it; an edited message, or the next one after a success, gets a new key (a key answers with its
   * first message, so an edit sent under the old key would be lost).
   */
  const sentWith = useRef<{ key: string; message: string } | null>(null);

  async function send(values: ContactValues, elapsedMs: number | null): Promise<SubmitOutcome<ContactField>> {
    const message = trimContact(values);
    const content = JSON.stringify(message);
    if (sentWith.current?.message !== content) sentWith.current = { key: newIdempotencyKey(), message: content };
    const result = await sendContact({ ...message, website, elapsedMs: elapsedMs ?? 0 }, sentWith.current.key);
    switch (result.kind) {
      case 'sent':
        sentWith.current = null;
        return { kind: 'done', message: t.success };
      case 'invalid':
        return result;
      case 'rate-limited':
        return { kind: 'failed', message: result.message ?? t.rateLimited };
      default:
        return { kind: 'failed', message: t.error };
    }
  }

  const field = (name: ContactField) => ({
    id: `contact-${name}`,
    name,
    label: t.labels[name],
    value: values[name],
    error: errors[name],
    onChange: (v: string) => change(name, v),
    inputRef: ref(name),
  });

  return (
    // method="post": should it ever be sent without the script, nothing typed ends up in a URL.
    <form ref={form} method="post" data-submit-with-script noValidate onSubmit={submit} aria-labelledby="contact-form-title" className="relative space-y-5">
      <FormField {...field('name')} autoComplete="name" />
      <FormField {...field('email')} type="email" autoComplete="email" />
      <FormField {...field('subject')} autoComplete="off" />
      <FormField {...field('message')} multiline hint={fill(t.messageHint, { min: MESSAGE_MIN })} />
      <HoneypotField id="contact-website" name="website" label={t.honeypot} value={website} onChange={setWebsite} />
      <noscript>
        <p className="font-medium text-accent-700">{t.noScript}</p>
      </noscript>

      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <button
          type="submit"
          disabled={sending}
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 disabled:cursor-wait disabled:bg-slate-600"
        >
          {sending && <Spinner />}
          {sending ? t.sending : t.submit}
        </button>
        <FormStatus status={status} doneClassName="text-green-700" />
      </div>
    </form>
  );
}
