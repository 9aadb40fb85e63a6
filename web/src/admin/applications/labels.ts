// Words the applications screens show for stored values.

const STATUS_LABELS: Record<string, string> = {
  new: 'New',
  reviewing: 'Reviewing',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Rejected',
};

/** The label of a pipeline status ("interview" → "Interview"). */
export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const dateOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/** A time as staff read it, in UTC (e.g. "21 Nov 2026, 10:00 UTC"). */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${dateTime.format(d)} UTC`;
}

/** A day of an application (YYYY-MM-DD) as staff read it ("1 Dec 2026"). */
export function formatDay(day: string): string {
  if (!day) return '';
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : dateOnly.format(d);
}

/** Yes or No. */
export function yesNo(b: boolean): string {
  return b ? 'Yes' : 'No';
}
