// The staff console's one way to the staff API (/api/admin/...). Every
// call goes through lib/api-client, so failures are ApiRequestErrors; a 401
// (no session, or it ended) tells the shell to show the sign-in screen.
import { ApiRequestError, getJSON, sendJSON } from '../lib/api-client';

/** Fired on window when the session has ended; the shell listens. */
export const SIGNED_OUT_EVENT = 'admin:signed-out';

async function watch<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof ApiRequestError && e.status === 401) window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
    throw e;
  }
}

/** The URL of a staff API path, e.g. adminURL('/jobs', {status: 'open'}) → /api/admin/jobs?status=open. */
export function adminURL(path: string, query?: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') q.set(k, String(v));
  const qs = q.toString();
  return `/api/admin${path}${qs ? `?${qs}` : ''}`;
}

/** GETs a staff API path. */
export function adminGet<T>(path: string, query?: Record<string, string | number | undefined>): Promise<T> {
  return watch(getJSON<T>(adminURL(path, query)));
}

/** Sends a JSON body with method to a staff API path. */
export function adminSend<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  return watch(sendJSON<T>(method, adminURL(path), body));
}
