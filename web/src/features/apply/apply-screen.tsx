import { Link } from '../../lib/router';
import copy from '../../../../content/apply.json';
import type { Job } from '../../gen/wire';
import { useDocumentTitle } from '../../lib/meta';
import { fill } from '../../lib/text';
import { ApplyForm } from './apply-form';

const t = copy;

/**
 * The application page of an open job: its title and facts (location,
 * experience), a way back to the job, and the form. Once the application
 * is stored the form goes on to /jobs, which confirms it.
 */
export function ApplyScreen({ job, facts }: { job: Job; facts: string }) {
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <ApplyIntro job={job} facts={facts}>
          {/* A form per job: moving to another job's form starts from that job's draft. */}
          <ApplyForm key={job.id} job={job} />
        </ApplyIntro>
      </div>
    </div>
  );
}

function ApplyIntro({ job, facts, children }: { job: Job; facts: string; children: React.ReactNode }) {
  const title = fill(t.title, { jobTitle: job.jobTitle });
  useDocumentTitle(title);
  return (
    <>
      <Link
        to={`/job/${encodeURIComponent(job.id)}`}
        className="inline-flex items-center gap-1.5 rounded-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline"
      >
        {t.backToJob}
      </Link>
      <h1 id="page-title" className="mt-6 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {title}
      </h1>
      <p className="mt-2 text-slate-700">{facts}</p>
      <p className="mt-4 text-slate-700">{t.lead}</p>
      <div className="mt-8">{children}</div>
    </>
  );
}
