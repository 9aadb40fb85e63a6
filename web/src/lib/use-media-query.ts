import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, kept up to date. The server render and
 * hydration use serverValue (the server cannot know the screen); React
 * re-renders with the real answer right after hydrating.
 */
export function useMediaQuery(query: string, serverValue: boolean): boolean {
  const subscribe = useCallback((onChange: () => void) => subscribeMedia([query], onChange), [query]);
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => serverValue,
  );
}

/** Calls onChange whenever one of queries starts or stops matching; returns the unsubscribe function. */
export function subscribeMedia(queries: readonly string[], onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const lists = queries.map((q) => window.matchMedia(q));
  for (const l of lists) l.addEventListener('change', onChange);
  return () => {
    for (const l of lists) l.removeEventListener('change', onChange);
  };
}
