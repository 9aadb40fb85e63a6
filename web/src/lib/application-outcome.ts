// How the application form tells /jobs that an application was stored:
// router state, which lives in this one history entry and is gone on a
// normal visit. Shared by the apply and jobs features, which may not
// import each other.
import type { ApplicationSaved } from '../gen/wire';

const KEY = 'applicationSaved';

/** Router state for the navigation to /jobs after a stored application. */
export function outcomeState(saved: ApplicationSaved): Record<string, unknown> {
  return { [KEY]: { reference: saved.reference, updated: saved.updated, jobTitle: saved.jobTitle } };
}

/** The stored application carried by router state, if any. */
export function readOutcome(state: unknown): ApplicationSaved | null {
  const v = (state as Record<string, unknown> | null)?.[KEY] as Partial<ApplicationSaved> | undefined;
  if (!v || typeof v.reference !== 'string' || !v.reference) return null;
  return { reference: v.reference, updated: v.updated === true, jobTitle: typeof v.jobTitle === 'string' ? v.jobTitle : '' };
}

/** state without the outcome, so a reload or Back does not announce it again. */
export function withoutOutcome(state: unknown): unknown {
  if (!state || typeof state !== 'object' || !(KEY in state)) return state;
  const { [KEY]: _, ...rest } = state as Record<string, unknown>;
  return Object.keys(rest).length > 0 ? rest : null;
}
