// Words of the Suspected spam folder: where an application is, why it was
// suspected and what a verdict did. Kept apart from the screens so that
// the rules can be tested alone.
import type { ApplicationDetail, ApplicationList, ApplicationRow } from '../../gen/wire';
import { statusLabel } from './labels';

/** The name of a folder as the tabs show it. */
export function folderLabel(folder: string): string {
  return folder === 'spam' ? 'Suspected spam' : 'Applications';
}

/** Where an application found by its reference or e-mail is: "In Suspected spam (New)". */
export function whereFound(row: Pick<ApplicationRow, 'folder' | 'status'>): string {
  return `In ${folderLabel(row.folder)} (${statusLabel(row.status)})`;
}

/** The exact matches of a search that the table does not show (another folder, or filtered out). */
export function foundElsewhere(data: Pick<ApplicationList, 'rows' | 'found'>): ApplicationRow[] {
  const shown = new Set(data.rows.map((r) => r.id));
  return (data.found ?? []).filter((r) => !shown.has(r.id));
}

/** What an empty table says: nothing here, and whether an exact match is elsewhere. */
export function emptyListText(data: Pick<ApplicationList, 'rows' | 'found' | 'total'>, spamFolder: boolean): string {
  if (data.total > 0) return 'This page is empty.';
  const here = spamFolder ? 'No suspected spam matches these filters.' : 'No applications match these filters.';
  return foundElsewhere(data).length > 0 ? `${here} The exact match is listed above.` : here;
}

type SpamState = Pick<ApplicationDetail, 'spam' | 'spamReview' | 'spamReasons' | 'confirmationHeld'>;

/** One sentence on the application's place with regard to spam. */
export function spamSummary(d: SpamState): string {
  if (d.spam && d.spamReview === 'spam') return 'Marked as spam by staff: it stays in Suspected spam and is sent no e-mail.';
  if (d.spam) {
    const held = d.confirmationHeld ? ' The applicant has not been sent the confirmation e-mail: "Not spam" sends it.' : '';
    return `In Suspected spam, waiting for review.${held}`;
  }
  if (d.spamReview === 'not-spam') return 'Marked not spam by staff.';
  return 'Not suspected of spam.';
}

/** What a verdict did, for the status message after it. */
export function verdictNotice(before: SpamState, after: SpamState & { email: string }): string {
  if (!after.spam) {
    if (!before.spam) return 'It was not in Suspected spam: nothing changed.';
    const mail = before.confirmationHeld && !after.confirmationHeld ? ` The confirmation e-mail is on its way to ${after.email}.` : '';
    return `Moved out of Suspected spam.${mail}`;
  }
  return before.spam && before.spamReview === 'spam'
    ? 'It was marked as spam already: nothing changed.'
    : 'Marked as spam. No e-mail is sent.';
}
