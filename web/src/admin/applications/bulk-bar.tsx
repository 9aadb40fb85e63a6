// The bar above the applications table that moves the ticked applications
// to a stage at once, with or without the candidate e-mail, and says
// what happened to each.
import { useState, type FormEvent } from 'react';
import type { BulkStatusAnswer } from '../../gen/wire';
import { adminSend } from '../api';
import { failureText } from '../ui/alert';
import { bulkSummary, mailStageFor, notifyByDefault } from '../emails/candidate-mail';
import { statusLabel } from './labels';

const input = 'rounded-md border border-slate-400 px-3 py-2 text-sm';
const primary = 'rounded-md bg-blue-700 px-3 py-2 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-50';

export function BulkBar({ ids, statuses, onDone }: { ids: string[]; statuses: string[]; onDone: () => void }) {
  const [status, setStatus] = useState('rejected');
  const [notify, setNotify] = useState(notifyByDefault('rejected'));
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BulkStatusAnswer | null>(null);
  const [error, setError] = useState('');
  const mailable = mailStageFor(status) !== '';
  const n = ids.length;

  const apply = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    setResult(null);
    try {
      setResult(await adminSend('POST', '/applications/bulk', { ids, status, notify: mailable && notify }));
      onDone();
    } catch (err) {
      setError(failureText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="bulk-heading" className="space-y-2 rounded-md border border-slate-300 bg-slate-50 p-3">
      <h2 id="bulk-heading" className="text-base font-semibold">
        Change several applications
      </h2>
      <form onSubmit={apply} className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          Move to
          <select
            className={input}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setNotify(notifyByDefault(e.target.value));
            }}
          >
            {statuses.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </label>
        {mailable && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} />
            Notify candidates
          </label>
        )}
        <button type="submit" className={primary} disabled={busy || n === 0}>
          Apply to {n} {n === 1 ? 'application' : 'applications'}
        </button>
      </form>
      {n === 0 && <p className="text-sm text-slate-700">Tick applications in the table to change them together.</p>}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {result && (
        <div role="status" className="text-sm">
          <p>{bulkSummary(result)}</p>
          {result.results.some((r) => !r.ok) && (
            <ul className="list-disc pl-5">
              {result.results
                .filter((r) => !r.ok)
                .map((r) => (
                  <li key={r.id}>
                    {r.reference || r.id}: {r.error}
                  </li>
                ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
