// What a move on a job's board does to what the screen shows, before and
// whatever the server answers: the card leaves its column for the top of
// another, and both columns' counts follow. A failed move puts the board
// back as it was (the screen keeps the board from before the move).
import type { BoardCard, JobBoard } from '../../gen/wire';
import { statusLabel } from '../applications/labels';

/** Where a card is: its column's status and the card. */
export interface CardPlace {
  status: string;
  card: BoardCard;
}

/** The card with id on board, and its column; null when it is not there. */
export function findCard(board: JobBoard, id: string): CardPlace | null {
  for (const col of board.columns) {
    const card = col.cards.find((c) => c.id === id);
    if (card) return { status: col.status, card };
  }
  return null;
}

/** Whether a card may be moved: a withdrawn application stays where it is. */
export function canMove(card: BoardCard): boolean {
  return card.withdrawnAt === null;
}

/**
 * Why card id may not go to status to, in words; '' when it may. The
 * board is unchanged whenever this is not ''.
 */
export function moveRefusal(board: JobBoard, id: string, to: string): string {
  const place = findCard(board, id);
  if (!place) return 'That application is no longer on this board. Reload the page.';
  if (!canMove(place.card)) return `${place.card.reference} was withdrawn by the applicant and cannot be moved.`;
  if (!board.columns.some((c) => c.status === to)) return `There is no stage “${to}”.`;
  if (place.status === to) return `${place.card.reference} is already in ${statusLabel(to)}.`;
  return '';
}

/**
 * Board after moving card id to the top of column to (counts adjusted). The
 * same board object when the move is refused (moveRefusal says why).
 */
export function moveCard(board: JobBoard, id: string, to: string): JobBoard {
  if (moveRefusal(board, id, to) !== '') return board;
  const { status: from, card } = findCard(board, id)!;
  return {
    ...board,
    columns: board.columns.map((col) => {
      if (col.status === from) return { ...col, count: Math.max(0, col.count - 1), cards: col.cards.filter((c) => c.id !== id) };
      if (col.status === to) return { ...col, count: col.count + 1, cards: [card, ...col.cards] };
      return col;
    }),
  };
}

/** A column's heading: "Interview (3)". */
export function columnHeading(status: string, count: number): string {
  return `${statusLabel(status)} (${count})`;
}

/** What the live region says after a move: "Moved APP-ABC to Interview." */
export function movedText(reference: string, to: string): string {
  return `Moved ${reference} to ${statusLabel(to)}.`;
}

/** What the board says when the server refused a move; the card is back. */
export function failedText(reference: string, to: string, why: string): string {
  return `Could not move ${reference} to ${statusLabel(to)}: ${why} It is back where it was.`;
}

/** The stages a card in column from may move to, in pipeline order. */
export function targetsOf(board: JobBoard, from: string): string[] {
  return board.columns.map((c) => c.status).filter((s) => s !== from);
}

/**
 * The stage next to from in pipeline order (step -1 left, +1 right), for
 * the arrow keys; null at either end.
 */
export function neighbour(board: JobBoard, from: string, step: -1 | 1): string | null {
  const i = board.columns.findIndex((c) => c.status === from);
  const j = i + step;
  return i < 0 ? null : (board.columns[j]?.status ?? null);
}
