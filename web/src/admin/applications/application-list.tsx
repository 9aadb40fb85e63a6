// The applications table: filters, search, sortable columns and pages,
// all kept in the URL query so a view can be reloaded, shared and
// returned to from an application.
import { useEffect, useState, type FormEvent, type MouseEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ApiRequestError } from '../../lib/api-client';
import type { ApplicationList as ListAnswer } from '../../gen/wire';
import { adminFile, adminGet, adminURL, saveFile } from '../api';
import { formatWhen } from '../ui/format';
import { sourceLabel, statusLabel } from './labels';
import { emptyListText, foundElsewhere, whereFound } from './spam-folder';
import { TabLinks } from '../ui/tab-links';
import { BulkBar } from './bulk-bar';
import { allSelected, selectedIds, toggled, toggledAll } from './bulk';
import {
  queryParams,
  readListQuery,
  toggleSort,
  withFilters,
  NO_SOURCE,
  filterParams,
  writeListQuery,
  type ListQuery,
  type SortKey,
} from './list-query';

const input = 'rounded-md border border-slate-400 px-3 py-2 text-sm';
const secondary =
  'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; data: ListAnswer };

export function ApplicationList() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const query = readListQuery(params);
  const key = writeListQuery(query);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [search, setSearch] = useState(query.q);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState('');
  const notice = (location.state as { notice?: string } | null)?.notice;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [reloads, setReloads] = useState(0);

  // The search box follows the URL when it changes from elsewhere (back button).
  useEffect(() => setSearch(readListQuery(new URLSearchParams(key)).q), [key]);
  // Another page, filter or search starts the selection afresh.
  useEffect(() => setSelected(new Set()), [key]);

  useEffect(() => {
    let live = true;
    setLoad((l) => (l.state === 'done' ? l : { state: 'loading' }));
    adminGet('/applications', queryParams(readListQuery(new URLSearchParams(key))))
      .then((data) => live && setLoad({ state: 'done', data }))
      .catch((e: unknown) => {
        if (!live) return;
        setLoad({
          state: 'error',
          message: e instanceof ApiRequestError ? e.message : 'Could not load the applications.',
        });
      });
    return () => {
      live = false;
    };
  }, [key, reloads]);

  const go = (next: ListQuery) => setParams(new URLSearchParams(queryParams(next)));
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    go(withFilters(query, { q: search }));
  };

  const data = load.state === 'done' ? load.data : null;
  const exportHref = adminURL('/applications/export.csv', filterParams(query));
  // The export is fetched first and then saved, so that a refusal (too
  // many rows, a session that ended) is shown here rather than saved as
  // the CSV file.
  const onExport = async (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    if (exporting) return;
    setExporting(true);
    setExportError('');
    try {
      saveFile(await adminFile('/applications/export.csv', filterParams(query), 'applications.csv'));
    } catch (err) {
      setExportError(err instanceof ApiRequestError ? err.message : 'The export failed. Try again.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Applications</h1>
        <a className={secondary} href={exportHref} download onClick={onExport} aria-busy={exporting || undefined}>
          Export CSV
        </a>
      </div>
      {exporting && <p role="status">Preparing the export…</p>}
      {exportError && (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900">
          Export failed: {exportError}
        </p>
      )}
      {notice && (
        <p role="status" className="rounded-md border border-green-700 bg-green-50 px-3 py-2 text-sm text-green-900">
          {notice}
        </p>
      )}

      <section aria-labelledby="filters-heading" className="space-y-3">
        <h2 id="filters-heading" className="text-lg font-semibold">
          Filters
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          {/* A long job title must not widen the screen past a phone's. */}
          <label className="flex max-w-full min-w-0 flex-col gap-1 text-sm">
            Job
            <select className={`${input} max-w-full`} value={query.job} onChange={(e) => go(withFilters(query, { job: e.target.value }))}>
              <option value="">All jobs</option>
              {data?.jobs.map((j) => (
                <option key={j.id} value={j.id}>
                  {j.title}
                </option>
              ))}
              {query.job && data && !data.jobs.some((j) => j.id === query.job) && (
                <option value={query.job}>Deleted job</option>
              )}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Status
            <select
              className={input}
              value={query.status}
              onChange={(e) => go(withFilters(query, { status: e.target.value }))}
            >
              <option value="">All statuses</option>
              {(data?.statuses ?? ['new', 'reviewing', 'interview', 'offer', 'hired', 'rejected']).map((s) => (
                <option key={s} value={s}>
                  {statusLabel(s)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Source
            <select
              className={input}
              value={query.source}
              onChange={(e) => go(withFilters(query, { source: e.target.value }))}
            >
              <option value="">All sources</option>
              {data?.sources
                .filter((s) => s.source !== '')
                .map((s) => (
                  <option key={s.source} value={s.source}>
                    {s.source} ({s.count})
                  </option>
                ))}
              <option value={NO_SOURCE}>{sourceLabel('')}</option>
              {query.source && query.source !== NO_SOURCE && data && !data.sources.some((s) => s.source === query.source) && (
                <option value={query.source}>{query.source}</option>
              )}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Applied from
            <input
              type="date"
              className={input}
              value={query.from}
              onChange={(e) => go(withFilters(query, { from: e.target.value }))}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Applied to
            <input
              type="date"
              className={input}
              value={query.to}
              onChange={(e) => go(withFilters(query, { to: e.target.value }))}
            />
          </label>
        </div>
        <form role="search" onSubmit={onSearch} className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm">
            Search name, e-mail or reference
            <input
              type="search"
              className={`${input} w-72 max-w-full`}
              value={search}
              maxLength={200}
              onChange={(e) => setSearch(e.target.value)}
            />
          </label>
          <button type="submit" className={secondary}>
            Search
          </button>
        </form>
      </section>

      <TabLinks
        label="Folders"
        tabs={[false, true].map((spam) => {
          const to = writeListQuery(withFilters(query, { spam }));
          return {
            key: spam ? 'spam' : 'applications',
            label: spam ? 'Suspected spam' : 'Applications',
            to: to ? `?${to}` : '.',
            active: query.spam === spam,
            count: spam ? data?.spamQueue : undefined,
          };
        })}
      />
      {query.spam && (
        <p className="text-sm text-slate-700">
          Suspected spam is sent no e-mail until someone marks it &ldquo;Not spam&rdquo;. The count is what waits for review.
        </p>
      )}
      {data && <Found rows={foundElsewhere(data)} search={key} />}

      {load.state === 'error' && (
        <p role="alert" className="text-red-700">
          {load.message}
        </p>
      )}
      {load.state === 'loading' && <p role="status">Loading applications…</p>}
      {data && data.rows.length > 0 && (
        <BulkBar
          ids={selectedIds(selected, data.rows.map((r) => r.id))}
          statuses={data.statuses}
          onDone={() => {
            setSelected(new Set());
            setReloads((n) => n + 1);
          }}
        />
      )}
      {data && (
        <Table
          data={data}
          query={query}
          onSort={(s) => go(toggleSort(query, s))}
          search={key}
          selected={selected}
          onSelect={(id) => setSelected((sel) => (id === '' ? toggledAll(sel, data.rows.map((r) => r.id)) : toggled(sel, id)))}
        />
      )}
      {data && data.pages > 1 && (
        <nav aria-label="Pages" className="flex items-center gap-3">
          <button
            type="button"
            className={secondary}
            disabled={query.page <= 1}
            onClick={() => go({ ...query, page: query.page - 1 })}
          >
            Previous
          </button>
          <span className="text-sm">
            Page {data.page} of {data.pages}
          </span>
          <button
            type="button"
            className={secondary}
            disabled={query.page >= data.pages}
            onClick={() => go({ ...query, page: query.page + 1 })}
          >
            Next
          </button>
        </nav>
      )}
    </div>
  );
}

const COLUMNS: { label: string; sort?: SortKey }[] = [
  { label: 'Reference' },
  { label: 'Name', sort: 'name' },
  { label: 'E-mail' },
  { label: 'Job', sort: 'job' },
  { label: 'Source' },
  { label: 'Status', sort: 'status' },
  { label: 'Applied', sort: 'applied' },
];

function Table({
  data,
  query,
  onSort,
  search,
  selected,
  onSelect,
}: {
  data: ListAnswer;
  query: ListQuery;
  onSort: (s: SortKey) => void;
  search: string;
  selected: ReadonlySet<string>;
  /** Ticks or unticks one row, or (with '') every row of the page. */
  onSelect: (id: string) => void;
}) {
  if (data.rows.length === 0) {
    return <p>{emptyListText(data, query.spam)}</p>;
  }
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">
        {data.total} {data.total === 1 ? 'application' : 'applications'}
      </p>
      {/* Positioned, so that it clips the sort buttons' screen-reader-only text too (see AdminTable). */}
      <div className="relative overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col" className="px-2 py-2">
                <label className="flex items-center gap-1 text-xs font-normal">
                  <input
                    type="checkbox"
                    checked={allSelected(
                      selected,
                      data.rows.map((r) => r.id),
                    )}
                    onChange={() => onSelect('')}
                  />
                  Select all on this page
                </label>
              </th>
              {COLUMNS.map((c) => {
                const active = c.sort !== undefined && c.sort === query.sort;
                const ariaSort = active ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined;
                return (
                  <th key={c.label} scope="col" aria-sort={ariaSort} className="px-2 py-2 font-semibold">
                    {c.sort ? (
                      <button type="button" className="font-semibold underline-offset-2 hover:underline" onClick={() => onSort(c.sort!)}>
                        {c.label}
                        <span aria-hidden="true">{active ? (query.dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                      </button>
                    ) : (
                      c.label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {data.rows.map((r) => (
              <tr key={r.id} className="border-t border-slate-200">
                <td className="px-2 py-2">
                  <input type="checkbox" aria-label={`Select ${r.reference} (${r.fullName})`} checked={selected.has(r.id)} onChange={() => onSelect(r.id)} />
                </td>
                <td className="px-2 py-2 font-mono">
                  <Link to={r.id} state={{ listSearch: search }} className="text-blue-800 underline">
                    {r.reference}
                  </Link>
                </td>
                <td className="px-2 py-2">{r.fullName}</td>
                <td className="px-2 py-2">{r.email}</td>
                <td className="px-2 py-2">{r.jobTitle || 'Deleted job'}</td>
                <td className="px-2 py-2">
                  {r.source || (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">{sourceLabel('')}</span>
                    </>
                  )}
                </td>
                <td className="px-2 py-2">
                  {statusLabel(r.status)}
                  {r.withdrawnAt && ' (withdrawn by the applicant)'}
                  {r.spam && ' (suspected spam)'}
                </td>
                <td className="px-2 py-2 whitespace-nowrap">{formatWhen(r.appliedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The exact matches of a search (reference or e-mail) that the table does not show, with where they are. */
function Found({ rows, search }: { rows: ListAnswer['found']; search: string }) {
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="found-heading" className="space-y-2 rounded-md border border-blue-300 bg-blue-50 p-4">
      <h2 id="found-heading" className="text-lg font-semibold">
        Found by reference or e-mail
      </h2>
      <ul className="space-y-1">
        {rows.map((r) => (
          <li key={r.id}>
            <Link to={r.id} state={{ listSearch: search }} className="font-mono text-blue-800 underline">
              {r.reference}
            </Link>{' '}
            {r.fullName} ({r.email}) for {r.jobTitle || 'a deleted job'}: <strong>{whereFound(r)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
