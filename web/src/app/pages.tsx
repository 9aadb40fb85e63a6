import { createContext, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { PageName } from '../gen/wire';
import { PageLoading } from '../components/page-loading';

export type PageModule = { default: ComponentType };

/**
 * PageRegistry gives the component of a page. The server registry holds
 * every page already; the browser's loads pages lazily, one chunk each.
 */
export interface PageRegistry {
  get(name: PageName): PageModule | undefined;
  load(name: PageName): Promise<PageModule>;
}

/** A registry over modules that are all present (server, tests). */
export function staticRegistry(mods: Record<PageName, PageModule>): PageRegistry {
  return { get: (n) => mods[n], load: (n) => Promise.resolve(mods[n]) };
}

/** How long a page's chunk may take to arrive before we give up (spec: 120 s). */
export const CHUNK_TIMEOUT_MS = 120_000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Loading chunk failed: no answer in ${ms / 1000} s`)), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/** A registry that loads each page's chunk on first use and keeps it. */
export function lazyRegistry(loaders: Record<PageName, () => Promise<PageModule>>, timeoutMs = CHUNK_TIMEOUT_MS): PageRegistry {
  const loaded = new Map<PageName, PageModule>();
  const pending = new Map<PageName, Promise<PageModule>>();
  return {
    get: (n) => loaded.get(n),
    load(n) {
      const hit = loaded.get(n);
      if (hit) return Promise.resolve(hit);
      let p = pending.get(n);
      if (!p) {
        p = withTimeout(loaders[n](), timeoutMs).then(
          (m) => {
            loaded.set(n, m);
            pending.delete(n);
            return m;
          },
          (err: unknown) => {
            pending.delete(n);
            throw err;
          },
        );
        pending.set(n, p);
      }
      return p;
    },
  };
}

const RegistryContext = createContext<PageRegistry | null>(null);

export function PagesProvider({ registry, children }: { registry: PageRegistry; children: ReactNode }) {
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

/** Renders page name, loading its chunk first when needed. */
export function Page({ name }: { name: PageName }) {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('Page outside PagesProvider');
  const [, setTick] = useState(0);
  const [failed, setFailed] = useState(false);
  const mod = registry.get(name);
  useEffect(() => {
    if (mod) return;
    let live = true;
    setFailed(false);
    registry.load(name).then(
      () => live && setTick((t) => t + 1),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [registry, name, mod]);
  if (mod) return <mod.default />;
  if (failed) return <ChunkFailed />;
  return <PageLoading />;
}

function ChunkFailed() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center" role="alert">
      <h1 className="text-2xl font-bold text-slate-900">Loading chunk failed</h1>
      <p className="mt-3 text-slate-700">
        Part of this page could not be downloaded. This often happens after we publish a new version of the site or
        when the connection drops.
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        Reload the page
      </button>
    </div>
  );
}
