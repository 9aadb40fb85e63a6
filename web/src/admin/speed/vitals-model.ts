// What the speed charts show, worked out apart from drawing them: values
// in words, and the geometry of a chart of daily 75th percentiles against
// a metric's good and poor thresholds.
import type { VitalsMetricInfo, VitalsPoint } from '../../gen/wire';

const DAY_MS = 86_400_000;

/** A metric's value as people read it: "640 ms", "2.14 s", or CLS "0.05". */
export function formatVital(info: Pick<VitalsMetricInfo, 'unit'>, v: number): string {
  if (info.unit !== 'ms') return String(Number(v.toFixed(3)));
  if (v < 1000) return `${Math.round(v)} ms`;
  return `${Number((v / 1000).toFixed(2))} s`;
}

/** The thresholds in words: "good ≤ 2.5 s, poor > 4 s". */
export function thresholdsText(info: VitalsMetricInfo): string {
  return `good ≤ ${formatVital(info, info.good)}, poor > ${formatVital(info, info.poor)}`;
}

/** Whole numbers with thousands separators: 12345 → "12,345". */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** The number of days from one YYYY-MM-DD date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
}

/** The drawing area of a chart, in SVG user units. */
export const CHART = { width: 240, height: 96 } as const;

export type Band = 'good' | 'needs-improvement' | 'poor';

export interface ChartGeometry {
  /** The value at the top of the chart. */
  top: number;
  /** The shaded bands, bottom to top: y and height in user units. */
  bands: { band: Band; y: number; height: number }[];
  /** The days as dots, and lines joining days that follow one another. */
  dots: { x: number; y: number }[];
  lines: string[]; // SVG polyline points, one per run of consecutive days
}

/**
 * Lays out days (the period's number of days, from its first date) of
 * points against info's thresholds. The chart is tall enough for the
 * poor band to show and for the highest point, so a value far beyond the
 * poor threshold is still drawn.
 */
export function chartGeometry(info: VitalsMetricInfo, from: string, days: number, points: VitalsPoint[]): ChartGeometry {
  const { width, height } = CHART;
  const top = Math.max(info.poor * 1.5, ...points.map((p) => p.p75 * 1.1));
  const y = (v: number) => height - (Math.min(v, top) / top) * height;
  const x = (i: number) => (days <= 1 ? width / 2 : (i / (days - 1)) * width);
  const round = (n: number) => Math.round(n * 10) / 10;
  const bands = [
    { band: 'good' as const, from: 0, to: info.good },
    { band: 'needs-improvement' as const, from: info.good, to: info.poor },
    { band: 'poor' as const, from: info.poor, to: top },
  ].map((b) => ({ band: b.band, y: round(y(b.to)), height: round(y(b.from) - y(b.to)) }));
  const dots: { x: number; y: number; i: number }[] = [];
  for (const p of points) {
    const i = daysBetween(from, p.day);
    if (i >= 0 && i < days) dots.push({ x: round(x(i)), y: round(y(p.p75)), i });
  }
  const lines: string[] = [];
  let run: typeof dots = [];
  const flush = () => {
    if (run.length > 1) lines.push(run.map((d) => `${d.x},${d.y}`).join(' '));
    run = [];
  };
  for (const d of dots) {
    const prev = run[run.length - 1];
    if (prev && d.i !== prev.i + 1) flush();
    run.push(d);
  }
  flush();
  return { top, bands, dots: dots.map(({ x, y }) => ({ x, y })), lines };
}
