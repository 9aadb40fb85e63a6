import type { ReactNode } from 'react';
import { useApiCache, type ApiState } from '../lib/api';

export interface LoadStateCopy {
  /** The status line while the list loads. */
  loading: string;
  /** Said when it could not be loaded. */
  error: string;
  /** The button that fetches it again. */
  retry: string;
}

interface Props<T> {
  /** The API path the list came from; retrying drops it from the cache, which fetches it again. */
  path: string;
  state: ApiState<T[]>;
  copy: LoadStateCopy;
  /** Shown when the list has no items. */
  empty: ReactNode;
  /** The list itself, once it has items. */
  children: (items: T[]) => ReactNode;
}

/** A list from the API, or a loading line, an error with a retry button, or its empty state. */
export function LoadState<T>({ path, state, copy, empty, children }: Props<T>) {
  const cache = useApiCache();
  if (state.loading) {
    return (
      <p role="status" className="py-12 text-center text-slate-600">
        {copy.loading}
      </p>
    );
  }
  if (state.error) {
    return (
      <div role="alert" className="rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
        <p className="text-slate-800">{copy.error}</p>
        <button
          type="button"
          onClick={() => cache.invalidate(path)}
          className="mt-4 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          {copy.retry}
        </button>
      </div>
    );
  }
  if (!state.data?.length) return empty;
  return children(state.data);
}
