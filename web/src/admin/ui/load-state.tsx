// A section of a screen that loads on its own: its loading text, its
// failure in words with a retry, or its content.
import type { ReactNode } from 'react';
import type { AdminData } from './use-admin-data';
import { secondaryButton } from './styles';

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; message: string };

/** A section's answer as its LoadState shows it: a retry shows "loading" again, not the old figures. */
export function loadedOf<T>({ data, error, loading }: AdminData<T>): Loaded<T> {
  if (error) return { status: 'failed', message: error };
  if (loading || data === null) return { status: 'loading' };
  return { status: 'ready', data };
}

/** A section's loading text, its error in words with a retry, or its content. */
export function LoadState<T>({ state, what, retry, children }: { state: Loaded<T>; what: string; retry: () => void; children: (data: T) => ReactNode }) {
  if (state.status === 'loading') return <p role="status">Loading {what}…</p>;
  if (state.status === 'failed') {
    return (
      <div className="space-y-2">
        <p role="alert" className="text-red-700">
          Could not load {what}: {state.message}
        </p>
        <button type="button" onClick={retry} className={secondaryButton}>
          Try again
        </button>
      </div>
    );
  }
  return <>{children(state.data)}</>;
}
