// One metric of one route: the daily 75th percentile as a small line chart
// over shaded good / needs-improvement / poor bands, the period's value and
// rating in words, and the numbers behind the chart as a table.
import type { VitalsMetricInfo, VitalsSeries } from '../../gen/wire';
import { CHART, chartGeometry, formatCount, formatVital, thresholdsText, type Band } from './vitals-model';

const BAND_FILL: Record<Band, string> = {
  good: 'fill-emerald-100',
  'needs-improvement': 'fill-amber-100',
  poor: 'fill-red-100',
};

const RATING_STYLE: Record<string, string> = {
  Good: 'bg-emerald-100 text-emerald-900',
  'Needs improvement': 'bg-amber-100 text-amber-900',
  Poor: 'bg-red-100 text-red-900',
};

interface Props {
  route: string;
  info: VitalsMetricInfo;
  /** The route's series of this metric; undefined when none was measured. */
  series?: VitalsSeries;
  from: string;
  to: string;
  days: number;
}

export function VitalsChart({ route, info, series, from, to, days }: Props) {
  const abbr = (
    <abbr title={info.name} className="no-underline">
      {info.label}
    </abbr>
  );
  if (!series) {
    return (
      <figure className="w-full rounded-md border border-slate-200 bg-white p-3 sm:w-64">
        <figcaption className="text-sm">
          <span className="font-semibold">{abbr}</span> <span className="text-slate-600">not measured</span>
        </figcaption>
      </figure>
    );
  }
  const g = chartGeometry(info, from, days, series.points);
  const label = `${info.label} of ${route}, 75th percentile per day from ${from} to ${to}, against the thresholds (${thresholdsText(info)}).`;
  return (
    <figure className="w-full rounded-md border border-slate-200 bg-white p-3 sm:w-64">
      <figcaption className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
        <span className="font-semibold">{abbr}</span>
        <span className="font-semibold tabular-nums">{formatVital(info, series.p75)}</span>
        <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${RATING_STYLE[series.rating] ?? 'bg-slate-100 text-slate-900'}`}>{series.rating}</span>
        <span className="w-full text-xs text-slate-600">
          p75 of {formatCount(series.count)} {series.count === 1 ? 'view' : 'views'};{' '}
          <span className="whitespace-nowrap">good ≤ {formatVital(info, info.good)}</span>,{' '}
          <span className="whitespace-nowrap">poor &gt; {formatVital(info, info.poor)}</span>
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} className="mt-2 h-auto w-full overflow-visible" role="img" aria-label={label}>
        {g.bands.map((b) => (
          <rect key={b.band} x={0} y={b.y} width={CHART.width} height={b.height} className={BAND_FILL[b.band]} />
        ))}
        {g.lines.map((points) => (
          <polyline key={points} points={points} fill="none" className="stroke-slate-800" strokeWidth={1.5} strokeLinejoin="round" />
        ))}
        {g.dots.map((d) => (
          <circle key={`${d.x},${d.y}`} cx={d.x} cy={d.y} r={2} className="fill-slate-800" />
        ))}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-slate-600" aria-hidden="true">
        <span>{from.slice(5)}</span>
        <span>{to.slice(5)}</span>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-blue-700">Show data</summary>
        <div className="mt-2 max-h-60 overflow-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              {info.name} of {route} per day
            </caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Views</th>
                <th scope="col">p75</th>
              </tr>
            </thead>
            <tbody>
              {series.points.map((p) => (
                <tr key={p.day} className="border-t border-slate-200">
                  <td>{p.day}</td>
                  <td className="tabular-nums">{formatCount(p.count)}</td>
                  <td className="tabular-nums">{formatVital(info, p.p75)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
