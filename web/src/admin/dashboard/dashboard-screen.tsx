// The console's first screen (/admin/): what needs attention, for the
// parts the member of staff may open, each count linking to the screen
// filtered to what it counts; what waits comes first. (Real-user speed
// has a screen of its own: speed/.)
import { Link } from 'react-router';
import type { DashboardCounts } from '../../gen/wire';
import { allowed, useStaff, type Role } from '../staff-context';
import { useAdminData } from '../ui/use-admin-data';
import { LoadState, loadedOf } from '../ui/load-state';

/** The counts needing attention: who may open each, and where it leads (relative to /admin/). */
export const ATTENTION: { key: keyof DashboardCounts; label: string; to: string; roles: readonly Role[] }[] = [
  { key: 'suspectedSpam', label: 'Suspected spam to review', to: 'applications?spam=1', roles: ['recruiter'] },
  { key: 'newApplications', label: 'New applications', to: 'applications?status=new', roles: ['recruiter'] },
  { key: 'heldComments', label: 'Comments held for review', to: 'comments', roles: ['editor'] },
  { key: 'unreadMessages', label: 'Unread messages', to: 'messages', roles: ['editor'] },
  { key: 'unassignedMessages', label: 'Unassigned messages', to: 'messages?assigned=none', roles: ['editor'] },
  { key: 'failedMail', label: 'Failed mail', to: 'mail?status=failed', roles: [] },
];

/** The cards a role sees, those with something waiting first (each group in the table's order). */
export function cardsFor(role: string, counts: DashboardCounts) {
  const mine = ATTENTION.filter((c) => allowed(role, c.roles));
  return [...mine.filter((c) => counts[c.key] > 0), ...mine.filter((c) => counts[c.key] === 0)];
}

export default function DashboardScreen() {
  const { role } = useStaff();
  const counts = useAdminData('/dashboard');
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">Dashboard</h1>
      <section aria-labelledby="attention-heading" className="space-y-3">
        <h2 id="attention-heading" className="text-lg font-semibold">
          Needs attention
        </h2>
        <LoadState state={loadedOf(counts)} what="the counts" retry={counts.reload}>
          {(data) => {
            const cards = cardsFor(role, data);
            const waiting = cards.filter((c) => data[c.key] > 0).length;
            return (
              <>
                <p>{waiting === 0 ? 'Nothing needs attention right now.' : `${waiting} of ${cards.length} ${cards.length === 1 ? 'list has' : 'lists have'} something waiting.`}</p>
                <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  {cards.map((c) => {
                    const n = data[c.key];
                    return (
                      <li key={c.key}>
                        <Link
                          to={c.to}
                          className={`flex h-full flex-col rounded-md border bg-white p-4 hover:bg-slate-50 ${
                            n > 0 ? 'border-amber-500 border-l-4' : 'border-slate-200'
                          }`}
                        >
                          <span className="text-sm font-medium text-slate-700">{c.label}</span>{' '}
                          <span className={`font-semibold tabular-nums text-slate-900 ${n > 0 ? 'text-3xl' : 'text-xl'}`}>
                            {n.toLocaleString('en-US')}
                          </span>
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </>
            );
          }}
        </LoadState>
      </section>
    </div>
  );
}
