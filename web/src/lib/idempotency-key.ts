// The key a form sends with a submission as its Idempotency-Key header: the
// server stores the submission once per key and answers a repeat (a retry
// after an answer lost on the way) with the first answer.

/**
 * A fresh idempotency key: 32 hex characters from the browser's random
 * source (getRandomValues works on plain-HTTP pages too, unlike randomUUID).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
