// Real-user speed (admins and editors): how fast the public pages are for
// real visitors, per route and metric, day by day.
import { useAdminData } from '../ui/use-admin-data';
import { LoadState, loadedOf } from '../ui/load-state';
import { formatCount } from './vitals-model';
import { VitalsChart } from './vitals-chart';

/** The period of the speed charts, in days. */
export const SPEED_DAYS = 28;

export default function SpeedScreen() {
  const report = useAdminData('/vitals', { days: SPEED_DAYS });
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Real-user speed (last {SPEED_DAYS} days)</h1>
      <p className="text-sm text-slate-700">
        The 75th percentile of what visitors measured, per day, for the page a visit starts on (later pages of the same visit are not
        measured). Shading: green is good, amber needs improvement, red is poor.
      </p>
      <LoadState state={loadedOf(report)} what="the speed measurements" retry={report.reload}>
        {(data) =>
          data.routes.length === 0 ? (
            <p>No visits measured yet.</p>
          ) : (
            <div className="space-y-6">
              {data.routes.map((r) => {
                const views = Math.max(...r.series.map((s) => s.count));
                return (
                  <section key={r.route} aria-label={`Speed of ${r.route}`} className="space-y-2">
                    <h2 className="text-base font-semibold">
                      <code>{r.route}</code>{' '}
                      <span className="text-sm font-normal text-slate-600">
                        {formatCount(views)} {views === 1 ? 'view' : 'views'}
                      </span>
                    </h2>
                    <div className="flex flex-wrap gap-3">
                      {data.metrics.map((m) => (
                        <VitalsChart
                          key={m.metric}
                          route={r.route}
                          info={m}
                          series={r.series.find((s) => s.metric === m.metric)}
                          from={data.from}
                          to={data.to}
                          days={data.days}
                        />
                      ))}
                    </div>
                  </section>
                );
              })}
            </div>
          )
        }
      </LoadState>
    </div>
  );
}
