import { Link } from '../../lib/router';
import copy from '../../../../content/jobs.json';
import { ArrowLeftIcon } from '../../components/icons';
import { formatLongDate } from '../../lib/format';
import type { Job } from '../../gen/wire';
import { useServerDocumentTitle } from '../../lib/meta';
import { ApplyAction } from './apply-action';
import { JobFacts } from './job-facts';
import { ShareLinks } from './share-links';
import { StaticMarkup } from '../../components/static-markup';

const t = copy.detail;

/** One open position: facts, the description (server-sanitised HTML), how to apply and, while open, ways to share it. */
export function JobDetail({ job }: { job: Job }) {
  useServerDocumentTitle(job.pageTitle);
  // The server decides whether applications are open; the page only shows it.
  const closed = !job.applicationsOpen;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <Link
        to="/career"
        className="inline-flex items-center gap-1.5 rounded-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline"
      >
        <ArrowLeftIcon className="size-4" />
        {t.back}{' '}
        <span className="sr-only">{t.backHidden}</span>
      </Link>

      <header className="mt-6">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{job.jobTitle}</h1>
        <p className="mt-2 text-sm text-slate-600">
          {t.posted} <time dateTime={job.createdAt.slice(0, 10)}>{formatLongDate(job.createdAt)}</time>
        </p>
        <h2 className="sr-only">{t.factsLabel}</h2>
        <StaticMarkup as="div" className="mt-8">
          <JobFacts job={job} />
        </StaticMarkup>
        <div className="mt-8">
          <ApplyAction job={job} closed={closed} />
        </div>
      </header>

      <div className="prose-html mt-12 border-t border-slate-200 pt-10" dangerouslySetInnerHTML={{ __html: job.description }} />

      <section aria-labelledby="job-apply-title" className="mt-12 rounded-2xl bg-brand-50 p-6 sm:p-8">
        <h2 id="job-apply-title" className="text-xl font-bold text-slate-900">
          {t.applyHeading}
        </h2>
        <p className="mt-2 text-slate-700">{t.applyText}</p>
        <div className="mt-6">
          <ApplyAction job={job} closed={closed} />
        </div>
      </section>

      {!closed && <ShareLinks job={job} />}
    </article>
  );
}
