import type { ContactCreated, ContactRequest } from '../../gen/wire';
import { ApiRequestError, postJSON } from '../../lib/api-client';
import type { ContactErrors, ContactField } from './validation';
import { CONTACT_FIELDS } from './validation';

export type SendResult =
  | { kind: 'sent'; id: string }
  /** 422 with per-field messages. */
  | { kind: 'invalid'; fields: ContactErrors }
  /** 429: too many messages from this address for now. */
  | { kind: 'rate-limited'; message?: string }
  /** Anything else: server error, network down, unexpected answer. */
  | { kind: 'failed' };

export const CONTACT_PATH = '/api/contact';

/**
 * Sends a contact message with its idempotency key and says how it went; never throws. Sent again with the same key
 * after an answer was lost, the message is stored once and the first answer comes back.
 */
export async function sendContact(body: ContactRequest, idempotencyKey: string): Promise<SendResult> {
  try {
    const created = await postJSON<ContactCreated | null>(CONTACT_PATH, body, { 'Idempotency-Key': idempotencyKey });
    const id = created?.id;
    return { kind: 'sent', id: typeof id === 'string' ? id : '' };
  } catch (err) {
    if (!(err instanceof ApiRequestError)) return { kind: 'failed' };
    if (err.status === 429) return { kind: 'rate-limited', message: err.fromServer && err.message ? err.message : undefined };
    if (err.status === 422) {
      const fields = knownFields(err.fields);
      if (Object.keys(fields).length > 0) return { kind: 'invalid', fields };
    }
    return { kind: 'failed' };
  }
}

/** The field messages of an error for fields the form has. */
function knownFields(raw: Record<string, string>): ContactErrors {
  const out: ContactErrors = {};
  for (const f of CONTACT_FIELDS as readonly ContactField[]) {
    const msg = raw[f];
    if (typeof msg === 'string' && msg) out[f] = msg;
  }
  return out;
}
