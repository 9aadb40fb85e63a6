// Where a visit came from, for the application it may end in: the `src`
// (or `utm_source`) of the job or apply link the visitor followed, kept
// for the visit and sent with the application (its `source`), so that
// staff can tell which job board, post or referral brought a candidate.
//
// Kept in sessionStorage: first-party, for this tab's visit only (it
// ends when the tab is closed), never sent to the server with page
// requests, so cached pages stay shared and nothing follows the visitor
// to a later visit. The first source of the visit is kept while the
// visitor browses; a later link into the site that brings a source of
// its own (a second job board's link opened in the same tab) replaces it,
// since that link is what brought them back. A link without one changes
// nothing.
import { useEffect } from 'react';
import { useLocation } from './router';
import { trimGo } from './text-rules';

/** The longest source kept (domain.SourceMax). */
export const SOURCE_MAX = 40;

const STORAGE_KEY = 'visit-source';

const token = new RegExp(`^[A-Za-z0-9][A-Za-z0-9._-]{0,${SOURCE_MAX - 1}}$`);

/**
 * A link's source as the server stores it (domain.NormalizeSource):
 * trimmed and lower-cased when it is 1 to 40 ASCII letters, digits, '-',
 * '_' or '.', beginning with a letter or a digit; '' for anything else (a
 * visitor cannot mend the link they followed: a bad source is dropped).
 * The cases in internal/domain/testdata/source-cases.json hold the two
 * sides together.
 */
export function normalizeSource(raw: string): string {
  const s = trimGo(raw);
  return token.test(s) ? s.toLowerCase() : '';
}

/** The source a page's query string brings: `src` if it is a good one, else `utm_source`; '' for none. */
export function sourceFromSearch(search: string): string {
  const q = new URLSearchParams(search);
  for (const name of ['src', 'utm_source']) {
    const s = normalizeSource(q.get(name) ?? '');
    if (s) return s;
  }
  return '';
}

/** The pages that lead to an application: the careers page, the list of jobs, a job and its form. */
export function leadsToApplication(pathname: string): boolean {
  return pathname === '/career' || pathname === '/jobs' || /^\/(job|apply)\/[^/]+$/.test(pathname);
}

/** sessionStorage, or null where there is none or it may not be used (blocked, the server). */
function visitStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps the source a page's address brings, on a page that leads to an application. */
export function keepVisitSource(pathname: string, search: string, storage: Storage | null = visitStorage()): void {
  if (!storage || !leadsToApplication(pathname)) return;
  const source = sourceFromSearch(search);
  if (!source) return;
  try {
    storage.setItem(STORAGE_KEY, source);
  } catch {
    // Full or blocked: the application goes without a source.
  }
}

/** The source kept for this visit, '' when none. */
export function visitSource(storage: Storage | null = visitStorage()): string {
  try {
    return normalizeSource(storage?.getItem(STORAGE_KEY) ?? '');
  } catch {
    return '';
  }
}

/** Keeps the source of every address the visit goes through (after rendering, so hydration is not affected). */
export function useKeepVisitSource(): void {
  const { pathname, search } = useLocation();
  useEffect(() => keepVisitSource(pathname, search), [pathname, search]);
}
