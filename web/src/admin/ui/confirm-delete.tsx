// The second step of deleting something for good: a question, the button
// that deletes, and Cancel, in a group named "Confirm deletion".
import type { ReactNode } from 'react';
import { dangerButton, secondaryButton } from './styles';

interface Props {
  question: ReactNode;
  /** The deleting button's words, e.g. "Delete message". */
  confirm: ReactNode;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDelete({ question, confirm, busy, onConfirm, onCancel }: Props) {
  return (
    <div role="group" aria-label="Confirm deletion" className="space-y-2 rounded-md border border-red-300 p-3">
      <p>{question}</p>
      <div className="flex gap-2">
        <button type="button" className={dangerButton} disabled={busy} onClick={onConfirm}>
          {confirm}
        </button>
        <button type="button" className={secondaryButton} disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
