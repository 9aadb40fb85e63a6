// The confirmation before an application is erased: it says what goes
// (the application, its notes and its documents) and asks for the
// reference to be typed, so a slip of the mouse erases nothing.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiRequestError } from '../../lib/api-client';
import { keepFocusInside } from '../ui/keep-focus-inside';

const secondary =
  'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50';
const danger = 'rounded-md bg-red-700 px-3 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-50';

export function EraseDialog({
  reference,
  onCancel,
  onErase,
}: {
  reference: string;
  onCancel: () => void;
  /** Erases; a rejection is shown in the dialog, which stays open. */
  onErase: () => Promise<void>;
}) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => field.current?.focus(), []);

  const matches = typed.trim().toUpperCase() === reference.toUpperCase();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!matches) return;
    setBusy(true);
    setError('');
    try {
      await onErase();
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : 'Could not erase the application.');
      setBusy(false);
    }
  };

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        className="w-full max-w-md space-y-4 rounded-lg bg-white p-6 shadow-lg"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !busy) onCancel();
          keepFocusInside(e);
        }}
      >
        <h2 id={titleId} className="text-lg font-semibold">
          Erase application {reference}?
        </h2>
        <p id={textId}>
          This permanently deletes the application, its notes and all its files: the resume, certification documents
          and national ID document. It cannot be undone.
        </p>
        <form onSubmit={submit} className="space-y-4">
          <label className="flex flex-col gap-1 text-sm">
            Type the reference {reference} to confirm
            <input
              ref={field}
              className="rounded-md border border-slate-400 px-3 py-2 font-mono text-sm"
              value={typed}
              autoComplete="off"
              onChange={(e) => setTyped(e.target.value)}
            />
          </label>
          {error && (
            <p role="alert" className="text-red-700">
              {error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className={secondary} onClick={onCancel} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className={danger} disabled={!matches || busy}>
              Erase application and files
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
