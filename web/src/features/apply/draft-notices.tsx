import type { ReactNode } from 'react';
import copy from '../../../../content/apply.json';
import { secondaryButton } from './form-parts';

const t = copy;

/** A notice at the top of the form about the draft on this device: two lines and what the visitor can do. */
function DraftNotice({ title, note, children }: { title: string; note: string; children: ReactNode }) {
  return (
    <div role="status" className="flex flex-col gap-3 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-200 sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-1 text-brand-900">
        <p className="font-medium">{title}</p>
        <p>{note}</p>
      </div>
      {children}
    </div>
  );
}

/** A draft was found after the visitor had typed here: theirs to restore (over what they typed) or leave. */
export function DraftOffer({ onRestore, onKeep }: { onRestore(): void; onKeep(): void }) {
  return (
    <DraftNotice title={t.draftOffer} note={t.draftOfferNote}>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={`${secondaryButton} bg-white`} onClick={onRestore}>
          {t.restoreDraft}
        </button>
        <button type="button" className={`${secondaryButton} bg-white`} onClick={onKeep}>
          {t.keepTyped}
        </button>
      </div>
    </DraftNotice>
  );
}

/** The form holds a restored draft: said so, with a way to start over. */
export function DraftRestored({ onStartOver }: { onStartOver(): void }) {
  return (
    <DraftNotice title={t.restored} note={t.restoredId}>
      <button type="button" className={`${secondaryButton} bg-white`} onClick={onStartOver}>
        {t.startOver}
      </button>
    </DraftNotice>
  );
}
