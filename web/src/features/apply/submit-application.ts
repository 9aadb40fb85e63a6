import type { ApplicationSaved } from '../../gen/wire';
import { ApiRequestError, postForm } from '../../lib/api-client';

export type SubmitResult =
  | { kind: 'saved'; saved: ApplicationSaved }
  /** 422 with per-field messages (paths as the request has them). */
  | { kind: 'invalid'; fields: Record<string, string> }
  /** Anything else: the words to show after "Error submitting application:". */
  | { kind: 'failed'; message: string };

/** Upload progress in bytes. */
export interface Progress {
  loaded: number;
  total: number;
}

/** The API path applications to job id are posted to. */
export function applicationsPath(jobId: string): string {
  return `/api/jobs/${encodeURIComponent(jobId)}/applications`;
}

/**
 * Sends an application's multipart body with its idempotency key and says
 * how it went; never throws. A retry with the same key after a lost answer
 * gets the first answer back and stores nothing twice.
 */
export async function submitApplication(
  jobId: string,
  body: FormData,
  idempotencyKey: string,
  onProgress: (p: Progress) => void,
): Promise<SubmitResult> {
  try {
    const saved = await postForm<ApplicationSaved>(applicationsPath(jobId), body, {
      headers: { 'Idempotency-Key': idempotencyKey },
      onProgress: (_share, bytes) => onProgress(bytes),
    });
    if (!saved || typeof saved.reference !== 'string') return { kind: 'failed', message: 'The server gave an answer we could not read.' };
    return { kind: 'saved', saved };
  } catch (err) {
    if (!(err instanceof ApiRequestError)) return { kind: 'failed', message: err instanceof Error ? err.message : String(err) };
    if (err.status === 422 && Object.keys(err.fields).length > 0) return { kind: 'invalid', fields: err.fields };
    return { kind: 'failed', message: err.message };
  }
}
