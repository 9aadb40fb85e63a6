// The revisions of a job or a post: the last 50 saves with who made them
// and when, each compared with the current version and restored (a new
// save of that version, which the server audits).
import { useEffect, useState } from 'react';
import type { AdminRevision, AdminRevisionList } from '../../gen/wire';
import { formatWhenExact } from '../ui/format';
import { CompareVersions } from './compare-versions';
import type { CompareField } from './diff';
import { describeError, secondaryButton } from './form-field';

/** The staff API calls of an item's revisions. */
export interface RevisionCalls<T> {
  list: (id: string) => Promise<AdminRevisionList>;
  get: (id: string, version: number) => Promise<T>;
  restore: (id: string, version: number, baseVersion: number) => Promise<T>;
}

interface Props<T extends { id: string; version: number }> {
  item: T;
  calls: RevisionCalls<T>;
  /** A version's fields as the comparison shows them. */
  fieldsOf: (t: T) => CompareField[];
  /** Status words of a revision's status. */
  statusText: (status: string) => string;
  /** Unsaved edits that a restore would replace. */
  dirty: boolean;
  busy: boolean;
  /** Runs an action with the screen's busy state and messages. */
  run: (action: () => Promise<void>) => Promise<void>;
  /** The item as the restore saved it. */
  onRestored: (t: T, version: number) => void;
}

export function RevisionsPanel<T extends { id: string; version: number }>({ item, calls, fieldsOf, statusText, dirty, busy, run, onRestored }: Props<T>) {
  const [list, setList] = useState<AdminRevision[] | null>(null);
  const [listError, setListError] = useState('');
  const [compared, setCompared] = useState<{ version: number; item: T } | null>(null);
  const { id, version } = item;

  useEffect(() => {
    let live = true;
    calls
      .list(id)
      .then((l) => live && setList(l.revisions))
      .catch((e: unknown) => live && setListError(describeError(e).message));
    return () => {
      live = false;
    };
  }, [calls, id, version]);

  const compare = (v: number) =>
    run(async () => {
      setCompared({ version: v, item: await calls.get(id, v) });
    });

  const restore = (v: number) => {
    const ask = dirty ? `Restore version ${v}? It replaces the current version, and your unsaved changes are lost.` : `Restore version ${v}? It becomes the current version; the current one stays in the list.`;
    if (!window.confirm(ask)) return;
    void run(async () => {
      const t = await calls.restore(id, v, version);
      setCompared(null);
      onRestored(t, v);
    });
  };

  return (
    <section aria-labelledby="revisions-title" className="mt-8 max-w-3xl">
      <h2 id="revisions-title" className="text-lg font-semibold text-slate-900">
        Revisions
      </h2>
      <p className="text-sm text-slate-700">Every save is kept (the last 50). Compare one with the current version, or restore it as a new save.</p>
      {listError && (
        <p role="alert" className="mt-2 text-red-700">
          The revisions could not be loaded: {listError}
        </p>
      )}
      {!list && !listError && <p className="mt-2 text-sm">Loading the revisions…</p>}
      {list && (
        <div className="relative mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Revisions, newest first</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3">Version</th>
                <th scope="col" className="py-1 pr-3">Saved</th>
                <th scope="col" className="py-1 pr-3">By</th>
                <th scope="col" className="py-1 pr-3">Status</th>
                <th scope="col" className="py-1">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((r) => (
                <tr key={r.version} className="border-t border-slate-200">
                  <td className="py-1 pr-3">{r.version === version ? `${r.version} (current)` : r.version}</td>
                  <td className="py-1 pr-3">{formatWhenExact(r.savedAt)}</td>
                  <td className="py-1 pr-3">{r.savedBy || 'Not recorded'}</td>
                  <td className="py-1 pr-3">{statusText(r.status)}</td>
                  <td className="py-1">
                    {r.version !== version && (
                      <span className="flex flex-wrap gap-2">
                        <button type="button" className={secondaryButton} disabled={busy} onClick={() => void compare(r.version)}>
                          Compare with current <span className="sr-only">(version {r.version})</span>
                        </button>
                        <button type="button" className={secondaryButton} disabled={busy} onClick={() => restore(r.version)}>
                          Restore <span className="sr-only">version {r.version}</span>
                        </button>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {compared && (
        <section aria-labelledby="revision-compare-title" className="mt-4 rounded-md border border-slate-300 p-3">
          <h3 id="revision-compare-title" className="font-semibold text-slate-900">
            Version {compared.version} compared with the current version ({version})
          </h3>
          <div className="mt-2">
            <CompareVersions fromName={`version ${compared.version}`} toName="the current version" from={fieldsOf(compared.item)} to={fieldsOf(item)} level={4} />
          </div>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className={secondaryButton} disabled={busy} onClick={() => restore(compared.version)}>
              Restore version {compared.version}
            </button>
            <button type="button" className={secondaryButton} onClick={() => setCompared(null)}>
              Close the comparison
            </button>
          </div>
        </section>
      )}
    </section>
  );
}
