// The status page's calls. The token of the applicant's private link lives
// in the URL's fragment (#t=…), which browsers send to no server; every call
// posts it in a JSON body, so it reaches no URL, log or Referer.
import { answerError, networkError, postJSON } from '../../lib/api-client';
import type { ApplicantStatus, StatusErased, StatusLinkAccepted, StatusLinkRequest } from '../../gen/wire';

export const STATUS_API = '/api/application-status';

/** What the server asks in an erase request's confirm field. */
export const ERASE_CONFIRMATION = 'erase';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The token in a location's hash ("#t=…"), or null when there is none or it is not one. */
export function tokenFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const t = params.get('t');
  return t && TOKEN.test(t) ? t : null;
}

/** The date an application was sent, as the page writes it ("21 November 2026"). */
export function formatApplied(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);
}

export function viewStatus(token: string): Promise<ApplicantStatus> {
  return postJSON<ApplicantStatus>(STATUS_API, { token });
}

export function withdrawApplication(token: string): Promise<ApplicantStatus> {
  return postJSON<ApplicantStatus>(`${STATUS_API}/withdraw`, { token });
}

export function eraseApplication(token: string): Promise<StatusErased> {
  return postJSON<StatusErased>(`${STATUS_API}/erase`, { token, confirm: ERASE_CONFIRMATION });
}

export function requestLink(req: StatusLinkRequest): Promise<StatusLinkAccepted> {
  return postJSON<StatusLinkAccepted>(`${STATUS_API}/link`, req);
}

/** The file name of a download answer's Content-Disposition, or fallback. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const m = /filename="?([^";]+)"?/.exec(disposition ?? '');
  return m?.[1] ?? fallback;
}

/** Fetches the applicant's data as a zip: its file name and content. */
export async function downloadData(token: string): Promise<{ name: string; blob: Blob }> {
  let res: Response;
  try {
    res = await fetch(`${STATUS_API}/download`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/zip, application/json' },
      body: JSON.stringify({ token }),
    });
  } catch {
    throw networkError();
  }
  if (!res.ok) throw answerError(res.status, await res.json().catch(() => null));
  return { name: attachmentName(res.headers.get('Content-Disposition'), 'application-data.zip'), blob: await res.blob() };
}

/** Hands blob to the browser as a download named name. */
export function saveFile(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
