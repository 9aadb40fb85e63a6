import { useState } from 'react';
import type { ApplicationRequest } from '../../gen/wire';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { markKeyCompleted } from './draft-store';
import { submissionFingerprint } from './form-state';
import type { ApplicationFiles } from './rules';

/**
 * The idempotency key of an application and what was last sent with it.
 * One key goes with one content: an unchanged retry (its answer lost, say)
 * keeps the key, so the server answers with the first result and stores
 * nothing twice; content that differs gets a new key, or the server would
 * answer an edited retry with the first result.
 */
export class SubmissionKey {
  private key = '';
  /**
   * What was last sent with key: its fingerprint in full (known on this page
   * only) and without the national ID (kept with the draft, which has no ID).
   */
  private sent: { full: string | null; withoutId: string } | null = null;

  /** The key, made when first asked for. */
  current(): string {
    return (this.key ||= newIdempotencyKey());
  }

  /** What was last sent with the key, without the national ID, for the draft; null when nothing was. */
  sentFingerprint(): string | null {
    return this.sent?.withoutId ?? null;
  }

  /** Takes a draft's key and what it says was sent with it. */
  restore(key: string, sentFingerprint?: string | null) {
    this.key = key;
    this.sent = sentFingerprint ? { full: null, withoutId: sentFingerprint } : null;
  }

  /**
   * The key for sending this content: kept for an unchanged retry, new when
   * the content differs from what was last sent with it.
   */
  async keyFor(request: ApplicationRequest, files: ApplicationFiles): Promise<string> {
    const [full, withoutId] = await Promise.all([
      submissionFingerprint(request, files),
      submissionFingerprint({ ...request, nationalIdNumber: '' }, { ...files, nationalIdDocument: null }),
    ]);
    const last = this.sent;
    // After a reload only the fingerprint without the ID is known: a retry that changed nothing but the ID keeps the key.
    const changed = last !== null && (last.full !== null ? last.full !== full : last.withoutId !== withoutId);
    if (changed || !this.key) this.key = newIdempotencyKey();
    this.sent = { full, withoutId };
    return this.key;
  }

  /** A new application (started over, or the last one stored): a new key, nothing sent with it. */
  renew() {
    this.key = newIdempotencyKey();
    this.sent = null;
  }

  /**
   * usedKey's application was stored: it is marked so for good (a draft
   * that outlives this, its clearing failed, is then not restored), and the
   * next application gets a new key.
   */
  completed(usedKey: string) {
    markKeyCompleted(usedKey);
    this.renew();
  }
}

/** The form's SubmissionKey, the same object for as long as the form is shown. */
export function useSubmissionKey(): SubmissionKey {
  const [key] = useState(() => new SubmissionKey());
  return key;
}
