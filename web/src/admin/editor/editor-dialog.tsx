// A modal of the rich-text editor's own (the link and image dialogs), not
// the browser's prompt: a titled form that says what is wrong and keeps
// what was typed. It sits in the body, not in the editor, as a form may
// not sit inside the page's form (the job's or the post's); its submit
// stays its own. Escape closes it unless it is busy, and Tab keeps to it.
import { useId, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { keepFocusInside } from '../ui/keep-focus-inside';
import { heading2 } from '../ui/styles';

interface Props {
  title: string;
  /** While true (an upload running), Escape does not close it. */
  busy?: boolean;
  onCancel: () => void;
  onSubmit: () => void;
  /** The form's fields and buttons. */
  children: ReactNode;
}

export function EditorDialog({ title, busy = false, onCancel, onSubmit, children }: Props) {
  const titleId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Its own form, not the page's it is opened from.
    e.stopPropagation();
    onSubmit();
  };
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-slate-900/50 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-full max-w-md space-y-4 rounded-lg bg-white p-6 shadow-lg"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !busy) {
            e.stopPropagation();
            onCancel();
          }
          keepFocusInside(e);
        }}
      >
        <h2 id={titleId} className={heading2}>
          {title}
        </h2>
        <form onSubmit={submit} noValidate className="space-y-4">
          {children}
        </form>
      </div>
    </div>,
    document.body,
  );
}
