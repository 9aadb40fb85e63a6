// A job's board: a column per stage of the pipeline with its count, and a
// card per application (suspected spam is not on it). A card moves by
// drag and drop, or, the way that works with any keyboard, screen reader
// or touch screen, by its "Move to" control (Alt+Arrow keys on a card move
// it one stage left or right). A move is the application's status change;
// the board shows it at once, says it in a polite live region and keeps
// focus on the moved card; a refused move is said in words and the card
// goes back. A withdrawn application is marked and stays where it is.
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { BoardCard, BoardColumn, JobBoard, SourceCount } from '../../gen/wire';
import { adminPath, adminSend } from '../api';
import { sourceLabel, statusLabel } from '../applications/labels';
import { NO_SOURCE } from '../applications/list-query';
import { notifyByDefault } from '../emails/candidate-mail';
import { Alert, failureText } from '../ui/alert';
import { formatWhen } from '../ui/format';
import { heading1, input, secondaryButton } from '../ui/styles';
import { useAdminData } from '../ui/use-admin-data';
import { columnHeading, findCard, failedText, moveCard, movedText, moveRefusal, neighbour, targetsOf } from './board-moves';

/** The MIME type a dragged card carries (its application ID). */
const DRAG_TYPE = 'application/x-corpsite-card';

export default function BoardScreen() {
  const { id = '' } = useParams();
  const { data, error } = useAdminData(adminPath('/jobs/{id}/board', { id }));
  const [board, setBoard] = useState<JobBoard | null>(null);
  if (data && board?.jobId !== data.jobId) setBoard(data);

  const [said, setSaid] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  // Moves to interview and rejection e-mail the candidate (their stage's
  // template) unless this is unticked; other moves e-mail no one.
  const [notify, setNotify] = useState(true);
  const cards = useRef(new Map<string, HTMLLIElement>());
  useEffect(() => {
    if (focusId) cards.current.get(focusId)?.focus();
  }, [focusId, board]);

  async function move(cardId: string, to: string) {
    if (!board || busy) return;
    const refusal = moveRefusal(board, cardId, to);
    if (refusal) {
      setFailure(refusal);
      return;
    }
    const before = board;
    const { card } = findCard(board, cardId)!;
    setFailure('');
    setSaid('');
    setBusy(cardId);
    setBoard(moveCard(board, cardId, to));
    setFocusId(cardId);
    try {
      await adminSend('PATCH', adminPath('/applications/{id}/status', { id: cardId }), { status: to, notify: notify && notifyByDefault(to) });
      setSaid(movedText(card.reference, to));
    } catch (e) {
      setBoard(before);
      setFailure(failedText(card.reference, to, failureText(e)));
    } finally {
      setBusy(null);
    }
  }

  if (error && !board) {
    return (
      <div>
        <h1 className={heading1}>Board</h1>
        <Alert message={error} />
        <BackToJobs />
      </div>
    );
  }
  if (!board) return <p role="status">Loading the board…</p>;

  return (
    <div>
      <BackToJobs />
      <h1 className={`${heading1} mt-2`}>Board: {board.jobTitle || 'Untitled job'}</h1>
      <p className="mt-1 text-sm text-slate-700">
        Drag a card to another stage, or use its “Move to” control. Suspected spam is not shown.{' '}
        <Link to={`/applications?job=${encodeURIComponent(board.jobId)}`} className="text-blue-700 underline">
          This job’s applications as a list
        </Link>
      </p>
      <SourceCounts jobId={board.jobId} sources={board.sources} />
      <label className="mt-3 inline-flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} className="h-4 w-4" />
        E-mail the candidate when moved to Interview or Rejected
      </label>
      <p role="status" aria-live="polite" className="sr-only" data-testid="board-status">
        {said}
      </p>
      <div className="mt-3">
        <Alert message={failure} />
      </div>
      <div className="mt-4 flex flex-col gap-3 md:flex-row md:items-start md:overflow-x-auto md:pb-2">
        {board.columns.map((col) => (
          <Column key={col.status} board={board} col={col} busy={busy} onMove={move} cardRefs={cards.current} />
        ))}
      </div>
    </div>
  );
}

/** How many of the job's applications came from each source, each a link to them in the list. */
function SourceCounts({ jobId, sources }: { jobId: string; sources: SourceCount[] }) {
  if (sources.length === 0) return null;
  return (
    <section aria-labelledby="sources-heading" className="mt-3">
      <h2 id="sources-heading" className="text-sm font-semibold text-slate-900">
        Applications by source
      </h2>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="board-sources">
        {sources.map((s) => (
          <li key={s.source}>
            <Link
              to={`/applications?job=${encodeURIComponent(jobId)}&source=${encodeURIComponent(s.source || NO_SOURCE)}`}
              className="text-blue-700 underline"
            >
              {sourceLabel(s.source)}: {s.count}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function BackToJobs() {
  return (
    <Link to="/jobs" className="text-sm text-blue-700 underline">
      Back to jobs
    </Link>
  );
}

interface ColumnProps {
  board: JobBoard;
  col: BoardColumn;
  busy: string | null;
  onMove: (cardId: string, to: string) => void;
  cardRefs: Map<string, HTMLLIElement>;
}

function Column({ board, col, busy, onMove, cardRefs }: ColumnProps) {
  const [over, setOver] = useState(false);
  const headingId = `stage-${col.status}`;
  const accepts = (e: DragEvent) => e.dataTransfer.types.includes(DRAG_TYPE);
  return (
    <section
      aria-labelledby={headingId}
      data-stage={col.status}
      className={`rounded-lg border p-3 md:w-56 md:shrink-0 xl:w-auto xl:min-w-0 xl:flex-1 xl:p-2 ${over ? 'border-blue-600 bg-blue-50' : 'border-slate-200 bg-slate-50'}`}
      onDragOver={(e) => {
        if (!accepts(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={(e) => {
        // Leaving for one of the column's own cards is still over it.
        if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) setOver(false);
      }}
      onDrop={(e) => {
        setOver(false);
        const id = e.dataTransfer.getData(DRAG_TYPE);
        if (!id) return;
        e.preventDefault();
        if (findCard(board, id)?.status !== col.status) onMove(id, col.status);
      }}
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {columnHeading(col.status, col.count)}
      </h2>
      {col.cards.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No applications.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {col.cards.map((card) => (
            <Card key={card.id} board={board} status={col.status} card={card} busy={busy} onMove={onMove} cardRefs={cardRefs} />
          ))}
        </ul>
      )}
      {col.more > 0 && (
        <p className="mt-2 text-sm text-slate-700">
          And {col.more} more.{' '}
          <Link to={`/applications?job=${encodeURIComponent(board.jobId)}&status=${col.status}`} className="text-blue-700 underline">
            See all {col.count} in the list
          </Link>
        </p>
      )}
    </section>
  );
}

interface CardProps {
  board: JobBoard;
  status: string;
  card: BoardCard;
  busy: string | null;
  onMove: (cardId: string, to: string) => void;
  cardRefs: Map<string, HTMLLIElement>;
}

function Card({ board, status, card, busy, onMove, cardRefs }: CardProps) {
  const targets = targetsOf(board, status);
  const [to, setTo] = useState(targets[0] ?? '');
  const withdrawn = card.withdrawnAt !== null;
  const selectId = `move-${card.id}`;

  function onKeyDown(e: KeyboardEvent<HTMLLIElement>) {
    if (e.target !== e.currentTarget || !e.altKey || withdrawn) return;
    const step = e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : 0;
    const next = step === 0 ? null : neighbour(board, status, step);
    if (next) {
      e.preventDefault();
      onMove(card.id, next);
    }
  }

  return (
    <li
      ref={(el) => {
        if (el) cardRefs.set(card.id, el);
        else cardRefs.delete(card.id);
      }}
      tabIndex={-1}
      data-card={card.reference}
      draggable={!withdrawn && busy === null}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, card.id);
        e.dataTransfer.effectAllowed = 'move';
      }}
      onKeyDown={onKeyDown}
      aria-label={`${card.fullName}, ${card.reference}${withdrawn ? ', withdrawn' : ''}, in ${statusLabel(status)}`}
      className={`rounded-md border bg-white p-2 text-sm shadow-sm focus:outline-2 focus:outline-offset-2 focus:outline-blue-700 ${withdrawn ? 'border-dashed border-slate-300' : 'cursor-grab border-slate-300'}`}
    >
      <Link to={`/applications/${encodeURIComponent(card.id)}`} className="font-medium text-blue-800 underline">
        {card.fullName}
      </Link>
      <span className="block font-mono text-xs whitespace-nowrap text-slate-700">{card.reference}</span>
      <span className="block text-xs text-slate-700">Applied {formatWhen(card.appliedAt)}</span>
      {withdrawn ? (
        <span className="mt-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Withdrawn</span>
      ) : (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <div className="min-w-24 flex-1">
            <label htmlFor={selectId} className="block text-xs font-medium text-slate-800">
              Move to <span className="sr-only">(for {card.reference})</span>
            </label>
            <select id={selectId} value={to} onChange={(e) => setTo(e.target.value)} className={`${input} w-full py-1`}>
              {targets.map((s) => (
                <option key={s} value={s}>
                  {statusLabel(s)}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className={`${secondaryButton} py-1`} disabled={busy !== null} onClick={() => onMove(card.id, to)}>
            Move <span className="sr-only">{card.reference}</span>
          </button>
        </div>
      )}
    </li>
  );
}
