// What the editor sees when their save was refused because someone else
// saved the item after the version they started from: who and when, the
// two versions compared, and the two ways on: keep theirs or keep mine.
import { formatWhenExact } from '../ui/format';
import { primaryButton, secondaryButton } from './form-field';
import { CompareVersions } from './compare-versions';
import type { CompareField } from './diff';

interface Props {
  /** "job", "post" */
  what: string;
  changedBy: string;
  changedAt: string;
  mine: readonly CompareField[];
  theirs: readonly CompareField[];
  busy: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

export function SaveConflict({ what, changedBy, changedAt, mine, theirs, busy, onKeepMine, onTakeTheirs }: Props) {
  const who = changedBy || 'Someone else';
  return (
    <section aria-labelledby="save-conflict-title" className="mt-4 rounded-md border-2 border-amber-600 bg-amber-50 p-4">
      <h2 id="save-conflict-title" className="text-lg font-semibold text-slate-900">
        {who} changed this {what} while you were editing
      </h2>
      <p className="mt-1 text-sm text-slate-800">
        Saved by {who} on {formatWhenExact(changedAt)}. Your changes are not saved yet. Compare the two versions, then keep yours (it replaces
        theirs) or take theirs (your changes are dropped).
      </p>
      <div className="mt-3 rounded-md bg-white p-3">
        <CompareVersions fromName="their version" toName="your version" from={theirs} to={mine} />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={primaryButton} disabled={busy} onClick={onKeepMine}>
          Keep my version
        </button>
        <button type="button" className={secondaryButton} disabled={busy} onClick={onTakeTheirs}>
          Take their version
        </button>
      </div>
    </section>
  );
}
