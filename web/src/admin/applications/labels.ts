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

/** How a source is shown: as it is stored ("linkedin"), or "No source" for an application sent without one. */
export function sourceLabel(source: string): string {
  return source || 'No source';
}

/** Yes or No. */
export function yesNo(b: boolean): string {
  return b ? 'Yes' : 'No';
}
