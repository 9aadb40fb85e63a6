import type { ContactErrors, ContactField, ContactValues } from './validation';
import { CONTACT_FIELDS } from './validation';

/** The body of POST /api/contact. */
export interface ContactRequest extends ContactValues {
  /** The honeypot: people leave it empty, form-filling robots do not. */
  website: string;
  /** Milliseconds between the form appearing and being sent (robots are fast). */
  elapsedMs: number;
}

export type SendResult =
  | { kind: 'sent'; id: string }
  /** 422 with per-field messages. */
  | { kind: 'invalid'; fields: ContactErrors }
  /** 429: too many messages from this address for now. */
  | { kind: 'rate-limited'; message?: string }
  /** Anything else: server error, network down, unexpected answer. */
  | { kind: 'failed' };

export const CONTACT_PATH = '/api/contact';

/** Sends a contact message and says how it went; never throws. */
export async function sendContact(body: ContactRequest): Promise<SendResult> {
  let res: Response;
  try {
    res = await fetch(CONTACT_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: 'failed' };
  }
  const json: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const id = (json as { id?: unknown } | null)?.id;
    return { kind: 'sent', id: typeof id === 'string' ? id : '' };
  }
  const error = (json as { error?: { message?: unknown; fields?: unknown } } | null)?.error;
  const message = typeof error?.message === 'string' && error.message ? error.message : undefined;
  if (res.status === 429) return { kind: 'rate-limited', message };
  if (res.status === 422) {
    const fields = knownFields(error?.fields);
    if (Object.keys(fields).length > 0) return { kind: 'invalid', fields };
  }
  return { kind: 'failed' };
}

/** The field messages of an error body for fields the form has. */
function knownFields(raw: unknown): ContactErrors {
  const out: ContactErrors = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const f of CONTACT_FIELDS as readonly ContactField[]) {
    const msg = (raw as Record<string, unknown>)[f];
    if (typeof msg === 'string' && msg) out[f] = msg;
  }
  return out;
}
