// Loads one staff API answer for a screen: what it said (kept while the next
// one loads, so a list does not blink), its failure in words, and a way to
// load it again. A newer request wins: an older answer arriving late is dropped.
import { useCallback, useEffect, useRef, useState } from 'react';
import { adminGet, type Answer, type PathOf, type Query } from '../api';
import { failureText } from './alert';

export interface AdminData<T> {
  /** The last answer, or null before the first one. */
  data: T | null;
  /** Why the last request failed, in words; empty while loading and after success. */
  error: string;
  /** Whether a request is under way. */
  loading: boolean;
  /** Asks again (after a change was made). */
  reload: () => void;
}

/**
 * GETs path with query (undefined values left out) whenever either changes;
 * onLoad sees each answer. The answer's type is the route's.
 */
export function useAdminData<X extends PathOf<'GET'>>(path: X, query?: Query, onLoad?: (data: Answer<'GET', X>) => void): AdminData<Answer<'GET', X>> {
  type T = Answer<'GET', X>;
  const key = JSON.stringify(query ?? {});
  const [data, setData] = useState<T | null>(null);
  const [failure, setFailure] = useState('');
  const [reloads, setReloads] = useState(0);
  // The request the last answer (or failure) was for. Loading is derived
  // from it, not set by the effect: the render that first has a new path or
  // query is already loading, and never shows the last answer as its own.
  const request = `${path}\n${key}\n${reloads}`;
  const [answered, setAnswered] = useState('');
  const loaded = useRef(onLoad);
  useEffect(() => {
    loaded.current = onLoad;
  });
  useEffect(() => {
    let live = true;
    adminGet(path, JSON.parse(key) as Query).then(
      (d) => {
        if (!live) return;
        setData(d);
        setFailure('');
        setAnswered(request);
        loaded.current?.(d);
      },
      (e: unknown) => {
        if (!live) return;
        setFailure(failureText(e));
        setAnswered(request);
      },
    );
    return () => {
      live = false;
    };
  }, [path, key, request]);
  const loading = answered !== request;
  const error = loading ? '' : failure;
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { data, error, loading, reload };
}
