import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clsMeter, inpMeter, startVitals, type ShiftEntry } from './vitals';

const shift = (startTime: number, value: number, hadRecentInput = false): ShiftEntry => ({ startTime, value, hadRecentInput });

describe('CLS', () => {
  const cls = (entries: ShiftEntry[]) => {
    const m = clsMeter();
    entries.forEach(m.add);
    return m.value();
  };

  it('is 0 without shifts', () => {
    expect(cls([])).toBe(0);
  });

  it('sums shifts less than 1 s apart into one window and keeps the largest window', () => {
    // Window 1: 0.1 + 0.1 + 0.05 (gaps 500 and 700 ms). Window 2 starts
    // after a gap of 1.3 s: 0.2 + 0.04.
    expect(cls([shift(0, 0.1), shift(500, 0.1), shift(1200, 0.05), shift(2500, 0.2), shift(3000, 0.04)])).toBeCloseTo(0.25);
    expect(cls([shift(0, 0.1), shift(500, 0.1), shift(1200, 0.05), shift(2500, 0.2), shift(3000, 0.1)])).toBeCloseTo(0.3);
  });

  it('ends a window 5 s after its first shift, however close the shifts', () => {
    // A shift every 900 ms from 0 to 8.1 s: the first window holds the
    // shifts at 0 … 4.5 s (6 of them), the next starts at 5.4 s (4).
    const entries = Array.from({ length: 10 }, (_, i) => shift(i * 900, 0.01));
    expect(cls(entries)).toBeCloseTo(0.06);
  });

  it('leaves out shifts right after input', () => {
    expect(cls([shift(0, 0.05), shift(100, 0.5, true), shift(200, 0.05)])).toBeCloseTo(0.1);
  });
});

describe('INP', () => {
  it('is unknown without interactions', () => {
    const m = inpMeter();
    m.add({ duration: 300 }); // an event that is no interaction (no id)
    m.add({ interactionId: 0, duration: 300 });
    expect(m.value()).toBeUndefined();
  });

  it('takes each interaction at its longest event, and the worst of few', () => {
    const m = inpMeter();
    m.add({ interactionId: 1, duration: 48 });
    m.add({ interactionId: 1, duration: 320 }); // keyup of the same key press
    m.add({ interactionId: 2, duration: 180 });
    m.add({ interactionId: 3, duration: 96 });
    expect(m.value()).toBe(320);
    expect(m.value(20)).toBe(320);
  });

  it('ignores one worst interaction per 50 (the 98th percentile)', () => {
    const m = inpMeter();
    for (let i = 1; i <= 120; i++) m.add({ interactionId: i, duration: i * 10 });
    // 120 interactions: the two worst (1200, 1190) are left out.
    expect(m.value()).toBe(1180);
    // The browser counted 160, fast ones unreported: three left out.
    expect(m.value(160)).toBe(1170);
  });
});

/** A PerformanceObserver whose entries the test hands out. */
class FakeObserver {
  static supportedEntryTypes = ['largest-contentful-paint', 'layout-shift', 'event', 'first-input', 'navigation'];
  static all: FakeObserver[] = [];
  type = '';
  init: Record<string, unknown> = {};
  pending: object[] = [];
  disconnected = false;
  constructor(private callback: (list: { getEntries(): object[] }) => void) {
    FakeObserver.all.push(this);
  }
  observe(init: Record<string, unknown>) {
    this.type = String(init.type);
    this.init = init;
  }
  takeRecords() {
    const r = this.pending;
    this.pending = [];
    return r;
  }
  disconnect() {
    this.disconnected = true;
  }
  emit(...entries: object[]) {
    this.callback({ getEntries: () => entries });
  }
  static of(type: string): FakeObserver {
    const o = FakeObserver.all.find((x) => x.type === type);
    if (!o) throw new Error(`no observer of ${type}`);
    return o;
  }
}

describe('startVitals', () => {
  let visibility: DocumentVisibilityState;
  const beacon = vi.fn((_url: string, _body: string) => true);
  /** The beacons sent: URL and parsed body. */
  const sent = () => beacon.mock.calls.map(([url, body]) => ({ url, body: JSON.parse(body) as unknown }));

  beforeEach(() => {
    FakeObserver.all = [];
    visibility = 'visible';
    beacon.mockClear();
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: beacon });
    vi.spyOn(performance, 'getEntriesByType').mockImplementation(((type: string) =>
      type === 'navigation' ? [{ responseStart: 180.4, activationStart: 0 }] : []) as unknown as typeof performance.getEntriesByType);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const hide = () => {
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
  };

  it('observes buffered entries and sends one beacon with the route pattern when the page is hidden', () => {
    startVitals('/job/:id');
    expect(FakeObserver.of('largest-contentful-paint').init.buffered).toBe(true);
    expect(FakeObserver.of('event').init.durationThreshold).toBe(40);

    FakeObserver.of('largest-contentful-paint').emit({ startTime: 900 }, { startTime: 1430.26 });
    FakeObserver.of('layout-shift').emit(shift(1000, 0.04), shift(1500, 0.03));
    FakeObserver.of('event').emit({ interactionId: 7, duration: 64 }, { interactionId: 8, duration: 208 });
    // Entries the observers have not delivered yet are taken at the end.
    FakeObserver.of('layout-shift').pending.push(shift(1900, 0.01));
    expect(beacon).not.toHaveBeenCalled();

    hide();
    window.dispatchEvent(new Event('pagehide'));
    hide();

    expect(sent()).toEqual([{ url: '/api/vitals', body: { route: '/job/:id', metrics: { lcp: 1430, inp: 208, cls: 0.08, ttfb: 180 } } }]);
    expect(FakeObserver.all.every((o) => o.disconnected)).toBe(true);
  });

  it('sends on pagehide too, leaving out what was not measured or is out of range', () => {
    startVitals('/');
    FakeObserver.of('largest-contentful-paint').emit({ startTime: 75_000 }); // a stalled load: not a valid LCP
    window.dispatchEvent(new Event('pagehide'));
    expect(sent()).toEqual([{ url: '/api/vitals', body: { route: '/', metrics: { cls: 0, ttfb: 180 } } }]);
  });

  it('counts LCP only while the page was visible from its start', () => {
    visibility = 'hidden'; // opened in a background tab
    startVitals('/blog/:id');
    visibility = 'visible';
    FakeObserver.of('largest-contentful-paint').emit({ startTime: 5000 });
    hide();
    expect(sent()).toEqual([{ url: '/api/vitals', body: { route: '/blog/:id', metrics: { cls: 0, ttfb: 180 } } }]);
  });
});
