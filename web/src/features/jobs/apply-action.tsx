import { Link } from '../../lib/router';
import copy from '../../../../content/jobs.json';
import { fill } from '../../lib/text';
import type { Job } from '../../gen/wire';

const t = copy.detail;

/** The Apply button, or a note when applications have closed. */
export function ApplyAction({ job, closed }: { job: Job; closed: boolean }) {
  if (closed) {
    return <p className="font-semibold text-accent-700">{t.closedNotice}</p>;
  }
  return (
    <Link
      to={`/apply/${encodeURIComponent(job.id)}`}
      className="inline-flex items-center justify-center rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-brand-800"
    >
      {t.apply}{' '}
      <span className="sr-only">{fill(t.applyHidden, { jobTitle: job.jobTitle })}</span>
    </Link>
  );
}
