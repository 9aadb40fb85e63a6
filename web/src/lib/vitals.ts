// Real-user Core Web Vitals of one page view (LCP, INP, CLS, TTFB),
// measured with the browser's PerformanceObserver and sent once, when the
// page is hidden or left, with navigator.sendBeacon to POST /api/vitals.
// The entry loads this module only once the page has loaded and is idle,
// so none of it is on the critical path; buffered observers still see
// what happened before. Only the landing page is measured, under its
// route pattern: client-side navigations after it are not (soft
// navigations are out of scope).
import type { VitalsBeacon, VitalsValues } from '../gen/wire';

/** The part of a layout-shift entry CLS reads. */
export interface ShiftEntry {
  value: number;
  startTime: number;
  hadRecentInput: boolean;
}

/** The part of an event-timing entry INP reads. */
export interface EventEntry {
  interactionId?: number;
  duration: number;
}

/** The server's accepted ranges (domain.VitalsMetric.Max); a value beyond is left out, not the beacon. */
const MAX_MS = 60_000;
const MAX_CLS = 10;

/**
 * CLS as defined: the largest session window of layout shifts that no
 * input caused, a window being shifts less than 1 s apart and at most 5 s
 * long from its first shift.
 */
export function clsMeter() {
  let max = 0;
  let sum = 0;
  let first = -Infinity;
  let last = -Infinity;
  return {
    add(e: ShiftEntry) {
      if (e.hadRecentInput) return;
      if (e.startTime - last < 1000 && e.startTime - first < 5000) {
        sum += e.value;
      } else {
        sum = e.value;
        first = e.startTime;
      }
      last = e.startTime;
      max = Math.max(max, sum);
    },
    value: () => max,
  };
}

/**
 * INP as defined: each interaction's longest event; of those, the worst,
 * or with many interactions the 98th percentile (one worst interaction
 * ignored per 50). interactionCount is the browser's count when it keeps
 * one (it also counts the interactions too fast to be reported).
 */
export function inpMeter() {
  const worst = new Map<number, number>();
  return {
    add(e: EventEntry) {
      if (e.interactionId) worst.set(e.interactionId, Math.max(worst.get(e.interactionId) ?? 0, e.duration));
    },
    value(interactionCount = 0): number | undefined {
      const d = [...worst.values()].sort((a, b) => b - a);
      if (!d.length) return undefined;
      return d[Math.min(d.length - 1, Math.floor(Math.max(interactionCount, d.length) / 50))];
    },
  };
}

type Entry = PerformanceEntry & Partial<ShiftEntry & EventEntry>;

/** Starts measuring this page view, reported under route (a route pattern, e.g. "/job/:id"). */
export function startVitals(route: string): void {
  const perf = performance as Performance & { interactionCount?: number };
  const nav = perf.getEntriesByType?.('navigation')[0] as (PerformanceNavigationTiming & { activationStart?: number }) | undefined;
  // A prerendered page's times count from when the visitor opened it.
  const activation = nav?.activationStart ?? 0;
  // LCP only counts while the page was on screen from its start.
  let hiddenAt = document.visibilityState === 'hidden' ? 0 : Infinity;
  for (const e of perf.getEntriesByType?.('visibility-state') ?? []) if (e.name === 'hidden') hiddenAt = Math.min(hiddenAt, e.startTime);

  let lcp: number | undefined;
  const cls = clsMeter();
  const inp = inpMeter();
  const observers: [PerformanceObserver, (e: Entry) => void][] = [];
  /** Observes entries of type, those before now included; false when the browser has none. */
  const observe = (type: string, take: (e: Entry) => void, init?: object): boolean => {
    if (!self.PerformanceObserver?.supportedEntryTypes?.includes(type)) return false;
    const o = new PerformanceObserver((list) => list.getEntries().forEach(take));
    o.observe({ type, buffered: true, ...init });
    observers.push([o, take]);
    return true;
  };
  // The browser stops reporting LCP candidates at the first input, so the
  // last one seen (while visible) is the LCP.
  observe('largest-contentful-paint', (e) => {
    if (e.startTime < hiddenAt) lcp = e.startTime;
  });
  const measuresCLS = observe('layout-shift', (e) => cls.add(e as ShiftEntry));
  observe('event', (e) => inp.add(e), { durationThreshold: 40 });
  observe('first-input', (e) => inp.add(e));

  const onHidden = () => document.visibilityState === 'hidden' && send();
  const send = () => {
    document.removeEventListener('visibilitychange', onHidden);
    removeEventListener('pagehide', send);
    for (const [o, take] of observers) {
      o.takeRecords().forEach(take);
      o.disconnect();
    }
    const metrics: VitalsValues = {};
    const put = (name: keyof VitalsValues, v: number | undefined, max: number, digits = 0) => {
      if (v !== undefined && v >= 0 && v <= max) metrics[name] = Number(v.toFixed(digits));
    };
    put('lcp', lcp === undefined ? undefined : Math.max(lcp - activation, 0), MAX_MS);
    put('inp', inp.value(perf.interactionCount), MAX_MS);
    if (measuresCLS) put('cls', cls.value(), MAX_CLS, 4);
    if (nav && nav.responseStart > 0) put('ttfb', Math.max(nav.responseStart - activation, 0), MAX_MS);
    if (!Object.keys(metrics).length) return;
    const body: VitalsBeacon = { route, metrics };
    navigator.sendBeacon?.('/api/vitals', JSON.stringify(body));
  };
  document.addEventListener('visibilitychange', onHidden);
  addEventListener('pagehide', send);
}
