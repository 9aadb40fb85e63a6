import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Each test loads the module afresh: it remembers whether the sheet is in.
async function fresh() {
  vi.resetModules();
  return import('./full-styles');
}

const sheets = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')];

describe('full styles', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML =
      '<script id="app-modules" type="application/json">{"entry":"/assets/e.js","preload":[],"styles":["/assets/entry-client-x.css"]}</script>';
  });
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('adds the sheet #app-modules names once, applies it once loaded, and waits for nothing then', async () => {
    const m = await fresh();
    const first = m.fullStylesPending();
    expect(first).toBeInstanceOf(Promise);
    expect(m.fullStylesPending()).toBe(first);
    expect(sheets().map((l) => l.getAttribute('href'))).toEqual(['/assets/entry-client-x.css']);
    // Not applied to the screen before it is loaded.
    expect(sheets()[0]!.media).toBe('print');
    sheets()[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(true);
    expect(sheets()[0]!.media).toBe('all');
    expect(m.fullStylesPending()).toBeUndefined();
    await m.loadFullStyles();
    expect(sheets()).toHaveLength(1);
  });

  it('prepares the sheet without applying it; applying it then reuses that file', async () => {
    const m = await fresh();
    const ready = m.prepareFullStyles();
    expect(m.prepareFullStyles()).toBe(ready);
    sheets()[0]!.dispatchEvent(new Event('load'));
    await expect(ready).resolves.toBe(true);
    expect(sheets().map((l) => l.media)).toEqual(['print']);
    expect(m.fullStylesPending()).toBeInstanceOf(Promise);
    await expect(m.loadFullStyles()).resolves.toBe(true);
    expect(sheets().map((l) => [l.getAttribute('href'), l.media])).toEqual([['/assets/entry-client-x.css', 'all']]);
    expect(m.fullStylesPending()).toBeUndefined();
  });

  it('answers false when the sheet cannot be loaded, and asks again next time', async () => {
    const m = await fresh();
    const first = m.fullStylesPending()!;
    sheets()[0]!.dispatchEvent(new Event('error'));
    await expect(first).resolves.toBe(false);
    expect(sheets()).toHaveLength(0);
    const second = m.fullStylesPending();
    expect(second).toBeInstanceOf(Promise);
    expect(sheets()).toHaveLength(1);
    sheets()[0]!.dispatchEvent(new Event('load'));
    await expect(second).resolves.toBe(true);
  });

  it('fetches the sheet when the browser is idle, not before, and does not apply it', async () => {
    const m = await fresh();
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => {
      idle = cb;
      return 1;
    });
    try {
      m.prepareFullStylesWhenIdle();
      expect(sheets()).toHaveLength(0);
      idle!();
      expect(sheets().map((l) => l.media)).toEqual(['print']);
      sheets()[0]!.dispatchEvent(new Event('load'));
      await m.prepareFullStyles();
      expect(sheets().map((l) => l.media)).toEqual(['print']);
      expect(m.fullStylesPending()).toBeInstanceOf(Promise);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('has nothing to load on a page that names no sheet', async () => {
    document.body.innerHTML = '';
    const m = await fresh();
    await expect(m.loadFullStyles()).resolves.toBe(true);
    expect(m.fullStylesPending()).toBeUndefined();
    expect(sheets()).toHaveLength(0);
  });
});
