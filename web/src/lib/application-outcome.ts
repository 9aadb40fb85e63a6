// How the application form tells /jobs that an application was stored:
// router state, which lives in this one history entry and is gone on a
// normal visit. Shared by the apply and jobs features, which may not
// import each other.
import type { ApplicationSaved } from '../gen/wire';

const KEY = 'applicationSaved';

/** A stored application, as /jobs confirms it. */
export interface ApplicationOutcome {
  /** The short number the applicant quotes (APP-7KQ2M4XD). */
  reference: string;
  /** True when it replaced the applicant's earlier application to the job. */
  updated: boolean;
  jobTitle: string;
  /** The job applied to, for the way back to its description. */
  jobId: string;
  /** The address the applicant typed, which the server sends its copy to. */
  email: string;
  /** The applicant's private status page (/application-status#t=…), when the server's answer carries one: a path on this site. */
  statusUrl?: string;
}

/** Longest text kept from history: what the server sends is far shorter; anything longer was not written by this form. */
const MAX_TEXT = 500;

/** Router state for the navigation to /jobs after a stored application. */
export function outcomeState(saved: ApplicationSaved, applied: { jobId: string; email: string }): Record<string, unknown> {
  const outcome: ApplicationOutcome = {
    reference: saved.reference,
    updated: saved.updated,
    jobTitle: saved.jobTitle,
    jobId: applied.jobId,
    email: applied.email,
  };
  const statusUrl = sitePath(saved.statusUrl);
  if (statusUrl) outcome.statusUrl = statusUrl;
  return { [KEY]: outcome };
}

/**
 * The stored application carried by router state, or null when there is
 * none or it is not one this form wrote (history state outlives versions of
 * the site and can be written by any script on the page): every field is
 * checked, and a status link that leads off this site is left out.
 */
export function readOutcome(state: unknown): ApplicationOutcome | null {
  if (!isRecord(state) || !isRecord(state[KEY])) return null;
  const v = state[KEY];
  const { reference, updated, jobTitle, jobId, email } = v;
  if (!text(reference) || !text(jobId) || !text(email) || !/^[^\s@]+@[^\s@]+$/.test(email) || !text(jobTitle, true) || typeof updated !== 'boolean') return null;
  const outcome: ApplicationOutcome = { reference, updated, jobTitle, jobId, email };
  const statusUrl = sitePath(v.statusUrl);
  if (statusUrl) outcome.statusUrl = statusUrl;
  return outcome;
}

/** state without the outcome, so a reload or Back does not announce it again. */
export function withoutOutcome(state: unknown): unknown {
  if (!isRecord(state) || !(KEY in state)) return state;
  const { [KEY]: _, ...rest } = state;
  return Object.keys(rest).length > 0 ? rest : null;
}

/**
 * url as a path on this site ("/status/…"), or undefined: a path ("/", not
 * "//", which would be another host) or an absolute URL on this site's
 * origin. Anything else is not shown.
 */
export function sitePath(url: unknown): string | undefined {
  if (!text(url)) return undefined;
  const origin = typeof window === 'undefined' ? null : window.location.origin;
  const path = origin && url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
  // "//host" and "/\\host" lead to another host in a browser.
  return path.startsWith('/') && !/^\/[/\\]/.test(path) ? path : undefined;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A string of at most MAX_TEXT characters, not empty unless allowEmpty, without control characters. */
function text(v: unknown, allowEmpty = false): v is string {
  // eslint-disable-next-line no-control-regex
  return typeof v === 'string' && (allowEmpty || v.trim() !== '') && v.length <= MAX_TEXT && !/[\u0000-\u001f\u007f]/.test(v);
}
