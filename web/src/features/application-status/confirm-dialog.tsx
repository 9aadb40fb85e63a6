import { useEffect, useId, useRef } from 'react';
import { Spinner } from '../../components/spinner';

interface Props {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  /** The last attempt's failure, shown in the dialog. */
  error: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A modal confirmation on the browser's own <dialog>: focus moves into it and
 * stays there, Escape cancels, and focus returns to the button that opened it.
 * Cancel comes first and has the focus, so Enter alone confirms nothing.
 */
export function ConfirmDialog({ open, title, text, confirmLabel, cancelLabel, busy, error, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    } else if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/60"
    >
      <h2 id={titleId} className="text-xl font-bold">
        {title}
      </h2>
      <p id={textId} className="mt-3 text-slate-700">
        {text}
      </p>
      {error && (
        <p role="alert" className="mt-3 font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          autoFocus
          disabled={busy}
          onClick={onCancel}
          className="rounded-lg border border-slate-400 bg-white px-4 py-2.5 font-semibold text-slate-900 hover:bg-slate-50 disabled:opacity-60"
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={onConfirm}
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800 disabled:cursor-wait disabled:bg-slate-600"
        >
          {busy && <Spinner />}
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
