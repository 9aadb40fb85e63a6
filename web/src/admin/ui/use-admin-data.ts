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
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const loaded = useRef(onLoad);
  useEffect(() => {
    loaded.current = onLoad;
  });
  useEffect(() => {
    let live = true;
    setError('');
    setLoading(true);
    adminGet(path, JSON.parse(key) as Query).then(
      (d) => {
        if (!live) return;
        setData(d);
        setLoading(false);
        loaded.current?.(d);
      },
      (e: unknown) => {
        if (!live) return;
        setError(failureText(e));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [path, key, reloads]);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { data, error, loading, reload };
}
