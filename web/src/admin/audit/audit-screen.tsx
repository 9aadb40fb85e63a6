// The audit log (admins): who did what, when and from where, newest first.
// The filters live in the address (?action=&actor=&subject=&from=&to=&page=), so a
// filtered view can be linked and survives a reload. Each entry is a
// sentence the server words (package auditlog, shared with the CSV
// export), its subject linked to its screen while it exists. Admins
// download the filtered log as CSV, which the server records first.
import { useEffect, useId, useState, type FormEvent, type MouseEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AuditPage, AuditPart } from '../../gen/wire';
import { adminFile, adminURL, saveFile } from '../api';
import { Alert, ErrorText, failureText } from '../ui/alert';
import { AdminTable } from '../ui/admin-table';
import { heading1, input, label, primaryButton, secondaryButton } from '../ui/styles';
import { useAdminData } from '../ui/use-admin-data';
import { formatWhenExact } from '../ui/format';

export interface AuditFilters {
  action: string;
  actor: string;
  subject: string;
  from: string;
  to: string;
}

const FILTER_KEYS = ['action', 'actor', 'subject', 'from', 'to'] as const;

function filtersOf(params: URLSearchParams): AuditFilters {
  return {
    action: params.get('action') ?? '',
    actor: params.get('actor') ?? '',
    subject: params.get('subject') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
}

function pageOf(params: URLSearchParams): number {
  const n = Number(params.get('page'));
  return Number.isInteger(n) && n > 1 ? n : 1;
}

/** The address query of filters and a page (empty filters and page 1 left out). */
export function auditQuery(f: AuditFilters, page: number): URLSearchParams {
  const q = new URLSearchParams();
  for (const k of FILTER_KEYS) if (f[k].trim()) q.set(k, f[k].trim());
  if (page > 1) q.set('page', String(page));
  return q;
}

/** An action's name in words: "sign_in_failed" → "Sign in failed". */
export function actionLabel(action: string): string {
  const words = action.replace(/[._-]+/g, ' ').trim().replace(/\btotp\b/gi, 'TOTP');
  return words.charAt(0).toUpperCase() + words.slice(1);
}


/** A console path the server gives ("/admin/jobs/x") as a route of the console ("/jobs/x"). */
export function consoleRoute(link: string): string {
  const rest = link.replace(/^\/admin(?=\/|$)/, '');
  return rest === '' ? '/' : rest;
}

/** An entry's sentence, its subject a link when it has one. */
export function Sentence({ parts }: { parts: readonly AuditPart[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.link ? (
          <Link key={i} to={consoleRoute(p.link)} className="text-blue-700 underline">
            {p.text}
          </Link>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; page: AuditPage };

export default function AuditScreen() {
  const [params, setParams] = useSearchParams();
  const applied = filtersOf(params);
  const page = pageOf(params);
  const query = auditQuery(applied, page).toString();
  const [draft, setDraft] = useState<AuditFilters>(applied);
  const q = new URLSearchParams(query);
  const { data, error, loading } = useAdminData('/audit', {
    action: q.get('action') ?? undefined,
    actor: q.get('actor') ?? undefined,
    subject: q.get('subject') ?? undefined,
    from: q.get('from') ?? undefined,
    to: q.get('to') ?? undefined,
    page: q.get('page') ?? undefined,
  });
  // The last answer stays while the next loads or after it failed: only the
  // filter's list of actions is taken from it then.
  let load: Load = { state: 'loading' };
  if (!loading && error) load = { state: 'failed', message: error };
  else if (!loading && data) load = { state: 'loaded', page: data };
  const actions = data?.actions ?? [];
  const ids = useId();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState('');
  const exportQuery = auditQuery(applied, 1);

  // Fetched first, then saved: a refusal is shown here, not saved as the file.
  const onExport = async (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    if (exporting) return;
    setExporting(true);
    setExportError('');
    try {
      saveFile(await adminFile('/audit/export.csv', Object.fromEntries(exportQuery), 'audit-log.csv'));
    } catch (err) {
      setExportError(failureText(err));
    } finally {
      setExporting(false);
    }
  };

  // The form follows the address when it changes another way (back, a link).
  useEffect(() => {
    setDraft(filtersOf(new URLSearchParams(query)));
  }, [query]);

  function apply(e: FormEvent) {
    e.preventDefault();
    setParams(auditQuery(draft, 1));
  }

  function clear() {
    setParams(new URLSearchParams());
  }

  const set = (k: keyof AuditFilters) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  const filtered = FILTER_KEYS.some((k) => applied[k]);
  const totalPages = load.state === 'loaded' ? Math.max(1, Math.ceil(load.page.total / Math.max(1, load.page.pageSize))) : 1;
  const shownPage = load.state === 'loaded' ? load.page.page : page;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className={heading1}>Audit log</h1>
        <a
          className={secondaryButton}
          href={adminURL('/audit/export.csv', Object.fromEntries(exportQuery))}
          download
          onClick={onExport}
          aria-busy={exporting || undefined}
        >
          Download CSV{filtered ? ' (filtered)' : ''}
        </a>
      </div>
      {exporting && <p role="status">Preparing the download…</p>}
      {exportError && <ErrorText>Download failed: {exportError}</ErrorText>}
      <form onSubmit={apply} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6 lg:items-end" aria-label="Filter the audit log">
        <div className="space-y-1">
          <label htmlFor={`${ids}-action`} className={label}>
            Action
          </label>
          <select id={`${ids}-action`} className={`${input} w-full`} value={draft.action} onChange={set('action')}>
            <option value="">All actions</option>
            {/* Keeps a linked action selectable before the list has loaded. */}
            {draft.action && !actions.includes(draft.action) && <option value={draft.action}>{actionLabel(draft.action)}</option>}
            {actions.map((a) => (
              <option key={a} value={a}>
                {actionLabel(a)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${ids}-actor`} className={label}>
            Actor e-mail
          </label>
          <input id={`${ids}-actor`} type="email" className={`${input} w-full`} value={draft.actor} onChange={set('actor')} autoComplete="off" />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${ids}-subject`} className={label}>
            Subject
          </label>
          <input
            id={`${ids}-subject`}
            className={`${input} w-full`}
            value={draft.subject}
            onChange={set('subject')}
            autoComplete="off"
            maxLength={100}
            aria-describedby={`${ids}-subject-hint`}
          />
          <p id={`${ids}-subject-hint`} className="text-xs text-slate-600">
            A title, a name, a reference (APP-…) or an ID
          </p>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${ids}-from`} className={label}>
            From
          </label>
          <input id={`${ids}-from`} type="date" className={`${input} w-full`} value={draft.from} onChange={set('from')} />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${ids}-to`} className={label}>
            To
          </label>
          <input id={`${ids}-to`} type="date" className={`${input} w-full`} value={draft.to} onChange={set('to')} />
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={primaryButton}>
            Apply filters
          </button>
          {filtered && (
            <button type="button" className={secondaryButton} onClick={clear}>
              Clear filters
            </button>
          )}
        </div>
      </form>

      {load.state === 'loading' && <p role="status">Loading…</p>}
      {load.state === 'failed' && <Alert message={load.message} />}
      {load.state === 'loaded' && (
        <>
          <p className="text-sm text-slate-700" role="status">
            {load.page.total === 1 ? '1 entry' : `${load.page.total} entries`}
            {filtered ? (load.page.total === 1 ? ' matches the filters.' : ' match the filters.') : '.'}
          </p>
          {load.page.entries.length > 0 && (
            <AdminTable
              region="Audit log entries"
              columns={['When', 'What happened', 'From (IP)']}
              headerClassName="py-2 pr-4"
            >
              {load.page.entries.map((e) => (
                <tr key={e.id} className="border-t border-slate-200 align-top">
                  <td className="py-2 pr-4 sm:whitespace-nowrap">
                    <time dateTime={e.at}>{formatWhenExact(e.at)}</time>
                  </td>
                  <td className="min-w-48 py-2 pr-4">
                    <Sentence parts={e.sentence} />
                    <span className="block text-xs text-slate-600">
                      {actionLabel(e.action)}
                      {e.actorEmail ? ` · ${e.actorEmail}` : ''}
                    </span>
                  </td>
                  <td className="whitespace-nowrap py-2 pr-4 font-mono">{e.clientIp || '—'}</td>
                </tr>
              ))}
            </AdminTable>
          )}
          <nav aria-label="Audit log pages" className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              className={secondaryButton}
              disabled={shownPage <= 1}
              onClick={() => setParams(auditQuery(applied, shownPage - 1))}
            >
              Previous
            </button>
            <p className="text-sm text-slate-700">
              Page {shownPage} of {totalPages}
            </p>
            <button
              type="button"
              className={secondaryButton}
              disabled={shownPage >= totalPages}
              onClick={() => setParams(auditQuery(applied, shownPage + 1))}
            >
              Next
            </button>
          </nav>
        </>
      )}
    </div>
  );
}
