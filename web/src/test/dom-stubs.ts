// What jsdom lacks and the components use: matchMedia (with a settable
// viewport), ResizeObserver and IntersectionObserver (Embla needs both).
// Imported by render-app.tsx, so every test that renders gets them.

interface Viewport {
  width: number;
  reducedMotion: boolean;
}

const viewport: Viewport = { width: 1280, reducedMotion: false };
const mediaListeners = new Set<() => void>();

/** Sets what matchMedia answers (width in CSS pixels) and tells listeners. */
export function setViewport(width: number, { reducedMotion = false } = {}) {
  viewport.width = width;
  viewport.reducedMotion = reducedMotion;
  mediaListeners.forEach((fn) => fn());
}

function evaluate(query: string): boolean {
  return query.split(/\s+and\s+/).every((part) => {
    const min = /min-width:\s*(\d+)px/.exec(part);
    if (min) return viewport.width >= Number(min[1]);
    const max = /max-width:\s*(\d+)px/.exec(part);
    if (max) return viewport.width <= Number(max[1]);
    if (/prefers-reduced-motion:\s*reduce/.test(part)) return viewport.reducedMotion;
    return false;
  });
}

window.matchMedia = (query: string) => {
  const handlers = new Set<(e: MediaQueryListEvent) => void>();
  let last = evaluate(query);
  const mql = {
    media: query,
    get matches() {
      return evaluate(query);
    },
    onchange: null,
    addEventListener: (_: string, fn: (e: MediaQueryListEvent) => void) => handlers.add(fn),
    removeEventListener: (_: string, fn: (e: MediaQueryListEvent) => void) => handlers.delete(fn),
    addListener: (fn: (e: MediaQueryListEvent) => void) => handlers.add(fn),
    removeListener: (fn: (e: MediaQueryListEvent) => void) => handlers.delete(fn),
    dispatchEvent: () => true,
  };
  mediaListeners.add(() => {
    const now = evaluate(query);
    if (now === last) return;
    last = now;
    handlers.forEach((fn) => fn({ matches: now, media: query } as MediaQueryListEvent));
  });
  return mql as unknown as MediaQueryList;
};

class InertObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

const g = globalThis as Record<string, unknown>;
g.ResizeObserver ??= InertObserver;
g.IntersectionObserver ??= InertObserver;
