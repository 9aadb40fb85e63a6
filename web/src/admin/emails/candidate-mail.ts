// What the console knows of candidate e-mails: which e-mail a status
// sends, whether "Notify the candidate" starts ticked, and the words for
// the stages. The server decides the rest (internal/careers).

/** The template each status sends when staff notify the candidate. */
const STAGE_OF_STATUS: Readonly<Record<string, string>> = { interview: 'interview', rejected: 'rejection', offer: 'offer' };

/** The candidate e-mail a move to status sends, or '' when none. */
export function mailStageFor(status: string): string {
  return STAGE_OF_STATUS[status] ?? '';
}

/**
 * Whether "Notify the candidate" starts ticked for a move to status: yes
 * for interview and rejection (the applicant is waiting to hear); an
 * offer is usually made by phone first, so its e-mail is a choice.
 */
export function notifyByDefault(status: string): boolean {
  return status === 'interview' || status === 'rejected';
}

const STAGE_LABELS: Readonly<Record<string, string>> = {
  received: 'Application received',
  interview: 'Interview invitation',
  rejection: 'Rejection',
  offer: 'Offer',
};

/**
 * What staff must know of a stage's e-mail beyond its text, or ''. The
 * received e-mail is the confirmation every applicant gets; the site adds
 * to it what must stay true whatever the text says (internal/careers).
 */
export function stageNote(stage: string): string {
  return stage === 'received'
    ? 'Sent to every applicant when their application arrives (or is released from Suspected spam). After your text the site adds where the privacy notice is, how long applications are kept, and, when an application replaced an earlier one, a note saying so.'
    : '';
}

export function stageLabel(stage: string): string {
  return STAGE_LABELS[stage] ?? stage;
}

/** What a bulk change's answer says, in one sentence. */
export function bulkSummary(a: { moved: number; mailed: number; failed: number; results: { ok: boolean; changed: boolean }[] }): string {
  const unchanged = a.results.filter((r) => r.ok && !r.changed).length;
  const parts = [`${a.moved} ${a.moved === 1 ? 'application' : 'applications'} moved`];
  if (a.mailed > 0) parts.push(`${a.mailed} ${a.mailed === 1 ? 'candidate' : 'candidates'} e-mailed`);
  if (unchanged > 0) parts.push(`${unchanged} already there`);
  if (a.failed > 0) parts.push(`${a.failed} not changed`);
  return parts.join(', ') + '.';
}
