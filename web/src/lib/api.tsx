import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { ApiError, ApiResult } from './types';

type Entry = { data: unknown; error?: undefined } | { data?: undefined; error: ApiError };

/**
 * ApiCache holds API responses by path. The server fills it from boot data
 * before rendering; in the browser it starts from the same boot data and
 * fetches what client-side navigation needs.
 */
export class ApiCache {
  private entries = new Map<string, Entry>();
  private inflight = new Map<string, Promise<void>>();
  private listeners = new Set<() => void>();

  constructor(initial: Record<string, ApiResult> = {}) {
    for (const [path, result] of Object.entries(initial)) {
      this.entries.set(path, result as Entry);
    }
  }

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  peek(path: string): Entry | undefined {
    return this.entries.get(path);
  }

  /** Fetches path unless it is cached or already on its way. */
  load(path: string): Promise<void> {
    if (this.entries.has(path)) return Promise.resolve();
    let p = this.inflight.get(path);
    if (!p) {
      p = fetchJSON(path)
        .then((entry) => {
          this.entries.set(path, entry);
        })
        .finally(() => {
          this.inflight.delete(path);
          this.listeners.forEach((fn) => fn());
        });
      this.inflight.set(path, p);
    }
    return p;
  }

  /** Drops cached entries whose path starts with prefix (after a write). */
  invalidate(prefix: string) {
    for (const key of [...this.entries.keys()]) {
      if (key.startsWith(prefix)) this.entries.delete(key);
    }
    this.listeners.forEach((fn) => fn());
  }
}

async function fetchJSON(path: string): Promise<Entry> {
  try {
    const res = await fetch(path, { headers: { Accept: 'application/json' } });
    const body = await res.json().catch(() => null);
    if (!res.ok) {
      const error: ApiError = body?.error ?? { code: 'internal', message: `The server answered ${res.status}.` };
      return { error };
    }
    return { data: body };
  } catch {
    return { error: { code: 'network', message: 'Could not reach the server. Check your connection and try again.' } };
  }
}

const ApiContext = createContext<ApiCache | null>(null);

export function ApiProvider({ cache, children }: { cache: ApiCache; children: ReactNode }) {
  return <ApiContext.Provider value={cache}>{children}</ApiContext.Provider>;
}

export function useApiCache(): ApiCache {
  const cache = useContext(ApiContext);
  if (!cache) throw new Error('useApiCache outside ApiProvider');
  return cache;
}

export interface ApiState<T> {
  data?: T;
  error?: ApiError;
  loading: boolean;
}

/** Reads path from the cache, fetching it in the browser when missing. */
export function useApi<T>(path: string): ApiState<T> {
  const cache = useApiCache();
  const get = () => cache.peek(path);
  const entry = useSyncExternalStore(cache.subscribe, get, get);
  useEffect(() => {
    if (!entry) void cache.load(path);
  }, [cache, path, entry]);
  if (!entry) return { loading: true };
  return entry.error ? { error: entry.error, loading: false } : { data: entry.data as T, loading: false };
}
