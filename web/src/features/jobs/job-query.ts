// The job search in the URL, read and written the way the Go server does
// (internal/server/jobsearch.go): same parameters, same order, same
// normalisation, same escaping. The page's boot data is keyed by the API
// path built here, so any difference would cost a second request.
import { JOB_SEARCH } from '../../gen/wire';

export type JobSearchParam = (typeof JOB_SEARCH.params)[number];

/** A normalised search: one value per parameter; "" = not filtered. */
export type JobQuery = Record<JobSearchParam, string>;

export const EMPTY_QUERY: JobQuery = Object.fromEntries(JOB_SEARCH.params.map((p) => [p, ''])) as JobQuery;

/** The page of all open positions. */
export const JOBS_PATH = '/jobs';

const JOB_SEARCH_API = '/api/jobs/search';

/** The Atom feed of open positions; a search's query string makes it that search's feed. */
export const JOBS_FEED_PATH = '/jobs/feed.xml';

const spaces = new RegExp(`${JOB_SEARCH.spaceClass}+`, 'u');

/**
 * Trims v, collapses runs of whitespace to one space and keeps at most
 * JOB_SEARCH.valueMax characters (code points, as Go counts runes).
 */
export function normalizeValue(v: string): string {
  const collapsed = v
    .split(spaces)
    .filter((w) => w !== '')
    .join(' ');
  return Array.from(collapsed).slice(0, JOB_SEARCH.valueMax).join('').replace(/ +$/, '');
}

/**
 * A parameter's value as the server keeps it: normalised; years a whole
 * number from 0 to JOB_SEARCH.yearsMax without leading zeros, workplace one
 * of JOB_SEARCH.workplaces in lower case; anything else "" (dropped).
 */
export function normalizeParam(param: JobSearchParam, v: string): string {
  const value = normalizeValue(v);
  if (param === 'years') {
    if (!/^[0-9]{1,2}$/.test(value)) return '';
    const n = Number(value);
    return n <= JOB_SEARCH.yearsMax ? String(n) : '';
  }
  if (param === 'workplace') {
    const w = value.toLowerCase();
    return (JOB_SEARCH.workplaces as readonly string[]).includes(w) ? w : '';
  }
  return value;
}

function decode(s: string): string | undefined {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return undefined; // a bad escape or bytes that are not UTF-8: Go drops the pair too
  }
}

function isParam(key: string): key is JobSearchParam {
  return (JOB_SEARCH.params as readonly string[]).includes(key);
}

/**
 * Reads a search from a URL's query ("?q=go" or "q=go"): unknown parameters
 * ignored, the first of repeated ones counts. (The server redirects links
 * with the old experience parameter, so it never reaches the page.)
 */
export function parseJobQuery(search: string): JobQuery {
  const q = { ...EMPTY_QUERY };
  const seen = new Set<string>();
  const raw = search.startsWith('?') ? search.slice(1) : search;
  for (const pair of raw.split('&')) {
    const i = pair.indexOf('=');
    const key = decode(i < 0 ? pair : pair.slice(0, i));
    if (key === undefined || !isParam(key) || seen.has(key)) continue;
    const value = decode(i < 0 ? '' : pair.slice(i + 1));
    if (value === undefined) continue;
    seen.add(key);
    q[key] = normalizeParam(key, value);
  }
  return q;
}

/** Whether the search narrows the list at all. */
export function isFiltered(q: JobQuery): boolean {
  return JOB_SEARCH.params.some((p) => q[p] !== '');
}

/** The canonical query string: non-empty parameters in the server's order, without "?"; "" when not filtered. */
export function encodeJobQuery(q: JobQuery): string {
  return JOB_SEARCH.params
    .filter((p) => q[p] !== '')
    .map((p) => `${p}=${encodeURIComponent(q[p])}`)
    .join('&');
}

function withQuery(path: string, q: JobQuery): string {
  const query = encodeJobQuery(q);
  return query ? `${path}?${query}` : path;
}

/** The /jobs URL of a search. */
export function jobsUrl(q: JobQuery): string {
  return withQuery(JOBS_PATH, q);
}

/** The API path the /jobs page reads for a search (its boot data key). */
export function jobSearchApiPath(q: JobQuery): string {
  return withQuery(JOB_SEARCH_API, q);
}

/** The Atom feed of the positions a search matches (the server's self link of that feed). */
export function jobsFeedUrl(q: JobQuery): string {
  return withQuery(JOBS_FEED_PATH, q);
}
