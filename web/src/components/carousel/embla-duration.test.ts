import { describe, expect, it } from 'vitest';
import { emblaDuration, emblaGlideMs } from './embla-duration';

describe('emblaDuration', () => {
  it('gives the duration whose glide lands just within the asked time', () => {
    const d = emblaDuration(500);
    expect(d).toBe(20);
    expect(emblaGlideMs(d)).toBeLessThanOrEqual(500);
    expect(emblaGlideMs(d)).toBeGreaterThan(450);
  });

  it('grows with the time asked for', () => {
    expect(emblaDuration(300)).toBeLessThan(emblaDuration(500));
    expect(emblaDuration(1000)).toBeGreaterThan(emblaDuration(500));
  });

  it('gives the same answer when asked again, and for many speeds', () => {
    expect(emblaDuration(500)).toBe(20);
    for (let ms = 450; ms <= 2000; ms += 50) expect(emblaGlideMs(emblaDuration(ms))).toBeLessThanOrEqual(ms);
    expect(emblaDuration(500)).toBe(20);
    expect(emblaDuration(300)).toBeLessThan(emblaDuration(500));
  });

  it('never goes below 1 (0 would make Embla jump)', () => {
    expect(emblaDuration(0)).toBe(1);
  });
});
