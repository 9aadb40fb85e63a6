// The staff console's one way to the staff API (/api/admin/...). Every
// call goes through lib/api-client, so failures are ApiRequestErrors; a 401
// (no session, or it ended) tells the shell to show the sign-in screen.
import { answerError, ApiRequestError, getJSON, networkError, sendJSON } from '../lib/api-client';

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

/** A file the staff API sends as an attachment, with the name the server gave it. */
export interface AdminFile {
  blob: Blob;
  name: string;
}

/** The file name of a Content-Disposition header (its plain filename="…"), or fallback. */
export function attachmentName(header: string | null, fallback: string): string {
  const m = /filename="([^"]+)"/.exec(header ?? '');
  return m?.[1] ?? fallback;
}

/**
 * GETs a staff API file (a CSV export) into memory, so that a refusal is
 * shown as the server's message instead of being saved as the file.
 */
export function adminFile(path: string, query: Record<string, string | number | undefined>, fallback: string): Promise<AdminFile> {
  return watch(
    (async () => {
      let res: Response;
      try {
        res = await fetch(adminURL(path, query));
      } catch {
        throw networkError();
      }
      if (!res.ok) throw answerError(res.status, await res.json().catch(() => null));
      return { blob: await res.blob(), name: attachmentName(res.headers.get('Content-Disposition'), fallback) };
    })(),
  );
}

/** Hands blob to the browser as a download named name. */
export function saveFile({ blob, name }: AdminFile): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has its own copy once started; free the memory later.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
