// The console's first screen (/admin/): what needs attention, for the
// parts the member of staff may open, and how fast the public pages are
// for real visitors.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DashboardCounts } from '../../gen/wire';
import { allowed, useStaff, type Role } from '../staff-context';
import { useAdminData, type AdminData } from '../ui/use-admin-data';
import { formatCount } from './vitals-model';
import { VitalsChart } from './vitals-chart';

/** The period of the speed charts, in days. */
export const SPEED_DAYS = 28;

type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; message: string };

/** A section's answer as its LoadState shows it: a retry shows "loading" again, not the old figures. */
function loadedOf<T>({ data, error, loading }: AdminData<T>): Loaded<T> {
  if (error) return { status: 'failed', message: error };
  if (loading || data === null) return { status: 'loading' };
  return { status: 'ready', data };
}

/** The counts needing attention: who may open each, and where it leads (relative to /admin/). */
const ATTENTION: { key: keyof DashboardCounts; label: string; to: string; roles: readonly Role[] }[] = [
  { key: 'newApplications', label: 'New applications', to: 'applications?status=new', roles: ['recruiter'] },
  { key: 'suspectedSpam', label: 'Suspected spam to review', to: 'applications?spam=1', roles: ['recruiter'] },
  { key: 'unreadMessages', label: 'Unread messages', to: 'messages', roles: ['editor'] },
  { key: 'heldComments', label: 'Comments held for review', to: 'comments', roles: ['editor'] },
  { key: 'failedMail', label: 'Failed mail', to: 'mail?status=failed', roles: [] },
];

export default function DashboardScreen() {
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold text-slate-900">Dashboard</h1>
      <Attention />
      <Speed />
    </div>
  );
}

function Attention() {
  const { role } = useStaff();
  const counts = useAdminData('/dashboard');
  const cards = ATTENTION.filter((c) => allowed(role, c.roles));
  return (
    <section aria-labelledby="attention-heading" className="space-y-3">
      <h2 id="attention-heading" className="text-lg font-semibold">
        Needs attention
      </h2>
      <LoadState state={loadedOf(counts)} what="the counts" retry={counts.reload}>
        {(data) => (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
            {cards.map((c) => (
              <li key={c.key}>
                <Link
                  to={c.to}
                  className={`flex h-full flex-col rounded-md border bg-white p-4 hover:bg-slate-50 ${
                    data[c.key] > 0 ? 'border-amber-400 border-l-4' : 'border-slate-200'
                  }`}
                >
                  <span className="text-sm font-medium text-slate-700">{c.label}</span>{' '}
                  <span className="text-3xl font-semibold tabular-nums text-slate-900">{formatCount(data[c.key])}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </LoadState>
    </section>
  );
}

function Speed() {
  const report = useAdminData('/vitals', { days: SPEED_DAYS });
  return (
    <section aria-labelledby="speed-heading" className="space-y-3">
      <h2 id="speed-heading" className="text-lg font-semibold">
        Real-user speed (last {SPEED_DAYS} days)
      </h2>
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
                    <h3 className="text-base font-semibold">
                      <code>{r.route}</code>{' '}
                      <span className="text-sm font-normal text-slate-600">
                        {formatCount(views)} {views === 1 ? 'view' : 'views'}
                      </span>
                    </h3>
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
    </section>
  );
}

/** A section's loading text, its error in words with a retry, or its content. */
function LoadState<T>({ state, what, retry, children }: { state: Loaded<T>; what: string; retry: () => void; children: (data: T) => ReactNode }) {
  if (state.status === 'loading') return <p role="status">Loading {what}…</p>;
  if (state.status === 'failed') {
    return (
      <div className="space-y-2">
        <p role="alert" className="text-red-700">
          Could not load {what}: {state.message}
        </p>
        <button
          type="button"
          onClick={retry}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          Try again
        </button>
      </div>
    );
  }
  return <>{children(state.data)}</>;
}
