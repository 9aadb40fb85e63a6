// The applications table's state as it lives in the URL query: filters,
// order and page. Reading is forgiving (an unknown value is dropped, the
// server would refuse it); writing leaves defaults out so URLs stay short.

export type SortKey = 'applied' | 'name' | 'status' | 'job';
export type SortDir = 'asc' | 'desc';

export interface ListQuery {
  job: string;
  status: string;
  /** A source ("linkedin"), NO_SOURCE for applications without one, '' for any. */
  source: string;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  q: string;
  /** Only suspected spam (otherwise spam is left out). */
  spam: boolean;
  sort: SortKey;
  dir: SortDir;
  page: number;
}

export const SORT_KEYS: readonly SortKey[] = ['applied', 'name', 'status', 'job'];

/** The direction a column sorts in when first chosen: newest first by date, A to Z otherwise. */
export function defaultDir(sort: SortKey): SortDir {
  return sort === 'applied' ? 'desc' : 'asc';
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The source filter's value for applications sent without a source (domain.NoSource). */
export const NO_SOURCE = '-';

/** Reads the table's state from a URL query. */
export function readListQuery(params: URLSearchParams): ListQuery {
  const sortParam = params.get('sort') ?? '';
  const sort: SortKey = (SORT_KEYS as readonly string[]).includes(sortParam) ? (sortParam as SortKey) : 'applied';
  const dirParam = params.get('dir');
  const dir: SortDir = dirParam === 'asc' || dirParam === 'desc' ? dirParam : defaultDir(sort);
  const page = Number(params.get('page') ?? '1');
  const day = (k: string) => {
    const v = params.get(k) ?? '';
    return DAY.test(v) ? v : '';
  };
  return {
    job: params.get('job') ?? '',
    status: params.get('status') ?? '',
    source: params.get('source') ?? '',
    from: day('from'),
    to: day('to'),
    q: params.get('q') ?? '',
    spam: params.get('spam') === '1',
    sort,
    dir,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The filters only (no order, no page): what the export takes. */
export function filterParams(q: ListQuery): Record<string, string> {
  const out: Record<string, string> = {};
  if (q.job) out.job = q.job;
  if (q.status) out.status = q.status;
  if (q.source) out.source = q.source;
  if (q.from) out.from = q.from;
  if (q.to) out.to = q.to;
  if (q.q.trim()) out.q = q.q.trim();
  if (q.spam) out.spam = '1';
  return out;
}

/** The whole state as query parameters, defaults left out. */
export function queryParams(q: ListQuery): Record<string, string> {
  const out = filterParams(q);
  if (q.sort !== 'applied') out.sort = q.sort;
  if (q.dir !== defaultDir(q.sort)) out.dir = q.dir;
  if (q.page > 1) out.page = String(q.page);
  return out;
}

/** The URL query of a state, e.g. "status=new&page=2" ("" for the defaults). */
export function writeListQuery(q: ListQuery): string {
  return new URLSearchParams(queryParams(q)).toString();
}

/**
 * The state after clicking a column's sort button: the same column turns
 * its direction round; another starts in its default direction. Either
 * way the table goes back to its first page.
 */
export function toggleSort(q: ListQuery, sort: SortKey): ListQuery {
  const dir: SortDir = q.sort === sort ? (q.dir === 'asc' ? 'desc' : 'asc') : defaultDir(sort);
  return { ...q, sort, dir, page: 1 };
}

/** The state with some filters changed: back to the first page. */
export function withFilters(q: ListQuery, change: Partial<Omit<ListQuery, 'sort' | 'dir' | 'page'>>): ListQuery {
  return { ...q, ...change, page: 1 };
}
