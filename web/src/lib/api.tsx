import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { APIError, Result } from '../gen/wire';
import { ApiRequestError, getJSON, INTERNAL_ERROR } from './api-client';

type Entry = { data: unknown; error?: undefined } | { data?: undefined; error: APIError };

export interface ApiCacheOptions {
  /**
   * Remember every path read while missing (the server renderer: Go must
   * put all the data a page reads into its boot data, see missed()).
   */
  recordMisses?: boolean;
}

/**
 * ApiCache holds API responses by path. The server fills it from boot data
 * before rendering; in the browser it starts from the same boot data and
 * fetches what client-side navigation needs.
 */
export class ApiCache {
  private entries = new Map<string, Entry>();
  private inflight = new Map<string, Promise<void>>();
  private listeners = new Set<() => void>();
  private misses: Set<string> | null;

  constructor(initial: Record<string, Result> = {}, { recordMisses = false }: ApiCacheOptions = {}) {
    for (const [path, result] of Object.entries(initial)) {
      this.entries.set(path, result as Entry);
    }
    this.misses = recordMisses ? new Set() : null;
  }

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  peek(path: string): Entry | undefined {
    const entry = this.entries.get(path);
    if (!entry) this.misses?.add(path);
    return entry;
  }

  /** The paths read while missing, when the cache records them. */
  missed(): string[] {
    return this.misses ? [...this.misses] : [];
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

  /**
   * Replaces the data cached at path with fn(data), e.g. to put a new
   * comment into its list without asking the server again. An error or a
   * missing entry stays as it is.
   */
  update<T>(path: string, fn: (data: T) => T) {
    const entry = this.entries.get(path);
    if (!entry || entry.error) return;
    this.entries.set(path, { data: fn(entry.data as T) });
    this.listeners.forEach((l) => l());
  }

  /** Drops cached entries whose path starts with prefix (after a write). */
  invalidate(prefix: string) {
    for (const key of [...this.entries.keys()]) {
      if (key.startsWith(prefix)) this.entries.delete(key);
    }
    this.listeners.forEach((fn) => fn());
  }
}

/** Fetches path as a cache entry: its data, or the error as boot data would carry it. */
async function fetchJSON(path: string): Promise<Entry> {
  try {
    return { data: await getJSON<unknown>(path) };
  } catch (err) {
    if (err instanceof ApiRequestError) return { error: err.toJSON() };
    return { error: { code: INTERNAL_ERROR, message: 'The answer could not be read.' } };
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
  error?: APIError;
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
