import { describe, expect, it } from 'vitest';
import type { VitalsMetricInfo } from '../../gen/wire';
import { CHART, chartGeometry, formatVital, thresholdsText } from './vitals-model';

const lcp: VitalsMetricInfo = { metric: 'lcp', label: 'LCP', name: 'Largest Contentful Paint', unit: 'ms', good: 2500, poor: 4000 };
const cls: VitalsMetricInfo = { metric: 'cls', label: 'CLS', name: 'Cumulative Layout Shift', unit: '', good: 0.1, poor: 0.25 };

describe('formatVital', () => {
  it('writes milliseconds below a second, seconds above, and CLS as a plain number', () => {
    expect(formatVital(lcp, 640)).toBe('640 ms');
    expect(formatVital(lcp, 999.6)).toBe('1000 ms');
    expect(formatVital(lcp, 2140)).toBe('2.14 s');
    expect(formatVital(lcp, 4000)).toBe('4 s');
    expect(formatVital(cls, 0)).toBe('0');
    expect(formatVital(cls, 0.057)).toBe('0.057');
    expect(thresholdsText(cls)).toBe('good ≤ 0.1, poor > 0.25');
  });
});

describe('chartGeometry', () => {
  const day = (d: number) => `2026-11-${String(d).padStart(2, '0')}`;

  it('shades the three bands from the bottom, with room above the poor threshold', () => {
    const g = chartGeometry(lcp, day(1), 28, []);
    expect(g.top).toBe(6000);
    const [good, ni, poor] = g.bands;
    expect(good).toEqual({ band: 'good', y: CHART.height - (2500 / 6000) * CHART.height, height: (2500 / 6000) * CHART.height });
    expect(ni!.band).toBe('needs-improvement');
    expect(ni!.y + ni!.height).toBeCloseTo(good!.y);
    expect(poor).toEqual({ band: 'poor', y: 0, height: expect.closeTo(CHART.height - (4000 / 6000) * CHART.height, 1) as number });
    expect(g.dots).toEqual([]);
    expect(g.lines).toEqual([]);
  });

  it('grows to the highest point, places days along the period and breaks the line where days are missing', () => {
    const g = chartGeometry(lcp, day(1), 11, [
      { day: day(1), count: 3, p75: 1000 },
      { day: day(2), count: 3, p75: 11000 },
      { day: day(5), count: 3, p75: 3000 },
      { day: day(6), count: 3, p75: 3300 },
      { day: day(7), count: 3, p75: 0 },
      { day: day(11), count: 3, p75: 2000 },
      { day: day(12), count: 3, p75: 2000 }, // after the period: left out
    ]);
    expect(g.top).toBeCloseTo(12100);
    expect(g.dots.map((d) => d.x)).toEqual([0, 24, 96, 120, 144, 240]);
    expect(g.dots[1]!.y).toBeCloseTo(CHART.height - CHART.height / 1.1, 0);
    expect(g.dots[4]!.y).toBe(CHART.height);
    expect(g.lines).toHaveLength(2); // days 1–2 and 5–7; day 11 stands alone
    expect(g.lines[1]!.split(' ')).toHaveLength(3);
  });

  it('puts a one-day period in the middle', () => {
    const g = chartGeometry(cls, day(3), 1, [{ day: day(3), count: 1, p75: 0.05 }]);
    expect(g.dots).toEqual([{ x: CHART.width / 2, y: expect.closeTo(CHART.height - (0.05 / 0.375) * CHART.height, 1) as number }]);
  });
});
