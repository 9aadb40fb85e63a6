import { useState, type FormEvent } from 'react';
import { useFormFields } from './use-form-fields';

/** How a sending went, in the words the form shows. */
export type SubmitOutcome<F extends string> =
  /** Accepted: the form is cleared and message goes into its status line. */
  | { kind: 'done'; message: string }
  /** Refused with one message per field: shown at the fields, what was typed stays. */
  | { kind: 'invalid'; fields: Partial<Record<F, string>> }
  /** Not sent or not accepted: message goes into its alert line, what was typed stays. */
  | { kind: 'failed'; message: string };

export type SubmitStatus = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

export interface SubmitFormOptions<F extends string> {
  /** One message per invalid field, none when the form may be sent. */
  validate(values: Record<F, string>): Partial<Record<F, string>>;
  /**
   * Sends values and says how it went; never throws. elapsedMs is the time
   * since the form was first shown (null before that).
   */
  send(values: Record<F, string>, elapsedMs: number | null): Promise<SubmitOutcome<F>>;
}

/**
 * A small form that is checked in the browser, sent once at a time and
 * says in words how it went (contact, comments): the fields of
 * useFormFields, plus the status its button and live regions show and the
 * submit handler. A form that was accepted is cleared; on any other
 * outcome everything typed stays in place.
 */
export function useSubmitForm<F extends string>(fields: readonly F[], empty: Record<F, string>, { validate, send }: SubmitFormOptions<F>) {
  const formFields = useFormFields(fields, empty);
  const { values, showErrors, elapsedMs, clear } = formFields;
  const [status, setStatus] = useState<SubmitStatus>({ kind: 'idle' });
  const sending = status.kind === 'sending';

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (sending) return;
    if (showErrors(validate(values))) {
      setStatus({ kind: 'idle' });
      return;
    }
    setStatus({ kind: 'sending' });
    const outcome = await send(values, elapsedMs());
    switch (outcome.kind) {
      case 'done':
        clear();
        setStatus({ kind: 'done', message: outcome.message });
        break;
      case 'invalid':
        setStatus({ kind: 'idle' });
        showErrors(outcome.fields);
        break;
      default:
        setStatus({ kind: 'failed', message: outcome.message });
    }
  }

  return { ...formFields, status, sending, submit };
}
