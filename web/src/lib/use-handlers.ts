import { useCallback, useRef } from 'react';

type Fn = (...args: never[]) => unknown;

/**
 * Handlers that keep their identity across renders, so that a memoised
 * child given one (a form field) need not render again when its parent
 * does. handler(key, fn) returns the same function for the same key on
 * every render; it calls the fn given with that key on the latest render,
 * so it always sees the latest state.
 */
export function useHandlers(): <A extends unknown[], R>(key: string, fn: (...args: A) => R) => (...args: A) => R {
  const latest = useRef(new Map<string, Fn>());
  const stable = useRef(new Map<string, Fn>());
  return useCallback(<A extends unknown[], R>(key: string, fn: (...args: A) => R) => {
    latest.current.set(key, fn as unknown as Fn);
    let h = stable.current.get(key) as unknown as ((...args: A) => R) | undefined;
    if (!h) {
      h = (...args: A) => (latest.current.get(key) as unknown as (...args: A) => R)(...args);
      stable.current.set(key, h as unknown as Fn);
    }
    return h;
  }, []);
}
