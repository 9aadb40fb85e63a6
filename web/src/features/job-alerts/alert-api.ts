// The job alerts' calls. The alert page's token comes from its link's
// query (?token=…, as the List-Unsubscribe URL must carry it) and is posted
// in JSON bodies; the page is never stored and sends no referrer.
import { postJSON } from '../../lib/api-client';
import type { JobAlertAccepted, JobAlertRequest, JobAlertView } from '../../gen/wire';

export const ALERTS_API = '/api/job-alerts';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The token in a location's query, or null when there is none or it is not one. */
export function tokenFromSearch(search: string): string | null {
  const t = new URLSearchParams(search).get('token');
  return t && TOKEN.test(t) ? t : null;
}

/** The date an alert ends, as the page writes it ("26 November 2027"). */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);
}

export function subscribe(req: JobAlertRequest): Promise<JobAlertAccepted> {
  return postJSON<JobAlertAccepted>(ALERTS_API, req);
}

export type AlertAction = 'view' | 'confirm' | 'renew' | 'unsubscribe';

export function alertAction(action: AlertAction, token: string): Promise<JobAlertView> {
  return postJSON<JobAlertView>(`${ALERTS_API}/${action}`, { token });
}

export function setFrequency(token: string, frequency: string): Promise<JobAlertView> {
  return postJSON<JobAlertView>(`${ALERTS_API}/frequency`, { token, frequency });
}
