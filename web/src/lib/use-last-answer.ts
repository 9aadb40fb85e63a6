import { useState } from 'react';
import type { ApiState } from './api';

/**
 * state, except that while a new answer loads the last one stays on
 * screen (marked stale) instead of a loading line: a list that changes as
 * the visitor types or pages through it should not flicker, and the links
 * the visitor used should not vanish from under them.
 */
export function useLastAnswer<T>(state: ApiState<T>): ApiState<T> & { stale: boolean } {
  const [last, setLast] = useState(state.data);
  if (state.data !== undefined && state.data !== last) setLast(state.data);
  if (state.loading && last !== undefined) return { data: last, loading: false, stale: true };
  return { ...state, stale: false };
}
