import { HydrateLater } from '../../components/hydrate-later';
import { MapPinIcon } from '../../components/icons';
import { StaticMarkup } from '../../components/static-markup';
import { fill } from '../../lib/text';
import type { Job } from '../../gen/wire';
import { CopyLinkButton } from './copy-link-button';
import { employmentTypeText, experienceText, workplaceText } from './job-text';
import type { OpenPositionsCopy } from './open-positions';
import { PulseLink } from './pulse-link';

const linkBase = 'inline-flex flex-1 items-center justify-center rounded-lg px-4 py-2.5 text-center font-semibold sm:flex-none';

/** "Posted today", "Posted 1 day ago", "Posted 3 days ago". */
export function postedText(days: number, copy: Pick<OpenPositionsCopy, 'postedToday' | 'postedOneDay' | 'postedDays'>): string {
  if (days <= 0) return copy.postedToday;
  return days === 1 ? copy.postedOneDay : fill(copy.postedDays, { days });
}

const chip = 'rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-700 ring-1 ring-slate-200';

/**
 * One open position: title, location, experience, department, employment
 * type, workplace, when it was posted and the ways on.
 */
export function JobCard({ job, copy }: { job: Job; copy: OpenPositionsCopy }) {
  const id = encodeURIComponent(job.id);
  const forJob = fill(copy.forJob, { jobTitle: job.jobTitle });
  return (
    // Each card hydrates in a task of its own: a list of them is most of its page's hydration.
    <HydrateLater name={`job-card-${job.id}`} as="li" data-reveal="fade-in-up" className="render-when-near flex flex-col [contain-intrinsic-block-size:auto_20rem] rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 text-lg font-semibold text-slate-900">{job.jobTitle}</h3>
        <CopyLinkButton
          url={() => new URL(`/job/${id}`, window.location.origin).href}
          label={copy.copyLink}
          hiddenLabel={fill(copy.copyLinkHidden, { jobTitle: job.jobTitle })}
          copied={copy.copied}
          failed={copy.copyFailed}
        />
      </div>
      {/* The facts never change on the page: hydration leaves them as served. */}
      <StaticMarkup as="dl" className="mt-4 space-y-2 text-slate-700">
        <div className="flex items-center gap-2">
          <dt>
            <MapPinIcon className="size-5 text-brand-700" />
            <span className="sr-only">{copy.location}</span>
          </dt>
          <dd>{job.location}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className="text-brand-700">
              <rect x="3" y="7" width="18" height="13" rx="2" />
              <path d="M9 7V5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v2M3 13h18" />
            </svg>
            <span className="sr-only">{copy.experience}</span>
          </dt>
          <dd>{experienceText(job.experience)}</dd>
        </div>
      </StaticMarkup>
      <StaticMarkup as="dl" className="mt-3 flex flex-wrap gap-2">
        {job.department && (
          <div className={chip}>
            <dt className="sr-only">{copy.department}</dt>
            <dd>{job.department}</dd>
          </div>
        )}
        {job.employmentType && (
          <div className={chip}>
            <dt className="sr-only">{copy.employmentType}</dt>
            <dd>{employmentTypeText(job.employmentType)}</dd>
          </div>
        )}
        {job.workplace && (
          <div className={chip}>
            <dt className="sr-only">{copy.workplace}</dt>
            <dd>{workplaceText(job.workplace)}</dd>
          </div>
        )}
      </StaticMarkup>
      <p className="mt-3 text-sm text-slate-600">
        <time dateTime={job.createdAt.slice(0, 10)}>{postedText(job.postedDaysAgo, copy)}</time>
      </p>
      <div className="mt-auto flex flex-wrap gap-3 pt-6">
        <PulseLink
          to={`/job/${id}`}
          prefetch={`/api/jobs/${id}`}
          className={`${linkBase} text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50`}
          pulseClassName="scale-95 ring-4 ring-brand-300"
        >
          {copy.viewDetails} <span className="sr-only">{forJob}</span>
        </PulseLink>
        <PulseLink
          to={`/apply/${id}`}
          prefetch={`/api/jobs/${id}`}
          className={`${linkBase} bg-brand-700 text-white shadow-sm hover:bg-brand-800`}
          pulseClassName="scale-95 ring-4 ring-brand-300"
        >
          {copy.apply} <span className="sr-only">{forJob}</span>
        </PulseLink>
      </div>
    </HydrateLater>
  );
}
