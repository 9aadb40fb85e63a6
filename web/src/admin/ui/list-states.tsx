// What a console list shows while it loads, when it failed, when it is empty
// and when it has rows, in that one order on every screen.
import type { ReactNode } from 'react';

interface Props<T> {
  /** The rows to show, or null while none are (not yet loaded, or for another page or filter). */
  rows: readonly T[] | null;
  /** Why loading failed, in words; empty when it did not. */
  error: string;
  /** Shown when loading failed; left out when the screen says so elsewhere. */
  failed?: ReactNode;
  /** Shown until there are rows, unless loading failed. */
  loading: ReactNode;
  /** Shown for a list with no rows. */
  empty: ReactNode;
  /** The rows, when there are some. An earlier answer stays on screen after a reload failed. */
  children(rows: readonly T[]): ReactNode;
}

export function ListStates<T>({ rows, error, failed, loading, empty, children }: Props<T>) {
  return (
    <>
      {error && failed}
      {!rows && !error && loading}
      {rows && rows.length === 0 && empty}
      {rows && rows.length > 0 && children(rows)}
    </>
  );
}
