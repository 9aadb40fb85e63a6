import { Link } from '../../lib/router';
import site from '../../../../content/site.json';
import { LoadState, type LoadStateCopy } from '../../components/load-state';
import { Section } from '../../components/section';
import { useApi } from '../../lib/api';
import { fill } from '../../lib/text';
import type { Job } from '../../gen/wire';
import { JobCard } from './job-card';
import { EMPTY_QUERY, JOBS_PATH } from './job-query';
import { JobsFeedLink, usePageFeed } from './jobs-feed';

const PATH = '/api/jobs';

export interface OpenPositionsCopy extends LoadStateCopy {
  heading: string;
  intro: string;
  /** The link to the searchable list of every position (/jobs). */
  searchAll: string;
  /** The link to the Atom feed of every open position. */
  subscribe: string;
  location: string;
  experience: string;
  department: string;
  employmentType: string;
  workplace: string;
  postedToday: string;
  postedOneDay: string;
  postedDays: string;
  viewDetails: string;
  apply: string;
  forJob: string;
  copyLink: string;
  copyLinkHidden: string;
  copied: string;
  copyFailed: string;
  emptyTitle: string;
  emptyText: string;
  emptyAction: string;
}

/**
 * The grid of open jobs. Its heading has id headingId and takes focus
 * (tabIndex -1) when a "see open positions" link jumps to it.
 */
export function OpenPositions({ headingId, copy }: { headingId: string; copy: OpenPositionsCopy }) {
  const jobs = useApi<Job[]>(PATH);
  usePageFeed(EMPTY_QUERY);
  return (
    <Section
      id={headingId}
      title={copy.heading}
      intro={copy.intro}
      tone="muted"
      reveal={null}
      focusableTitle
      aside={
        <Link
          to={JOBS_PATH}
          className="rounded-sm font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
        >
          {copy.searchAll}
        </Link>
      }
    >
      <div className="mt-10">
        <LoadState
          path={PATH}
          state={jobs}
          copy={copy}
          empty={
            <div className="rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200 sm:p-12">
              <h3 className="text-xl font-semibold text-slate-900">{copy.emptyTitle}</h3>
              <p className="mx-auto mt-3 max-w-xl text-slate-700">{copy.emptyText}</p>
              <a
                href={`mailto:${site.careersEmail}`}
                className="mt-6 inline-block rounded-sm font-semibold break-all text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
              >
                {fill(copy.emptyAction, { email: site.careersEmail })}
              </a>
            </div>
          }
        >
          {(items) => (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((job) => (
                <JobCard key={job.id} job={job} copy={copy} />
              ))}
            </ul>
          )}
        </LoadState>
        <p className="mt-10">
          <JobsFeedLink q={EMPTY_QUERY} label={copy.subscribe} />
        </p>
      </div>
    </Section>
  );
}
