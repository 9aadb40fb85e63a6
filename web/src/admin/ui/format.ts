// How the console writes moments and days: every screen alike, in Indian
// English as the site's pages, in the site's one time zone
// (content/site.json), which the server's day filters use too, with the
// zone's short name so nobody has to guess.
import site from '../../../../content/site.json';

/** The site's time zone (IANA name); UTC when site.json has none. */
export const SITE_ZONE: string = (site as { timeZone?: string }).timeZone || 'UTC';

const parts = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
const when = new Intl.DateTimeFormat('en-IN', { ...parts, timeZone: SITE_ZONE, timeZoneName: 'short' });
const exact = new Intl.DateTimeFormat('en-IN', { ...parts, second: '2-digit', timeZone: SITE_ZONE, timeZoneName: 'short' });
const dayOnly = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

function format(f: Intl.DateTimeFormat, iso: string): string {
  const d = new Date(iso);
  return iso === '' || Number.isNaN(d.getTime()) ? '' : f.format(d);
}

/** A moment as the console's lists show it: "21 Nov 2026, 15:30 IST" ("" when it is not a date). */
export function formatWhen(iso: string): string {
  return format(when, iso);
}

/** A moment to the second (the audit log): "21 Nov 2026, 15:30:07 IST". */
export function formatWhenExact(iso: string): string {
  return format(exact, iso);
}

/** A calendar day (YYYY-MM-DD, no time or zone) as staff read it: "1 Dec 2026". */
export function formatDay(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  return format(dayOnly, `${day}T00:00:00Z`) || day;
}
