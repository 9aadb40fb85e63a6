import { Link } from '../../lib/router';
import copy from '../../../../content/jobs.json';
import site from '../../../../content/site.json';
import { LoadState } from '../../components/load-state';
import type { ApiState } from '../../lib/api';
import { fill } from '../../lib/text';
import type { JobSearch } from '../../gen/wire';
import { JobCard } from './job-card';
import { JOBS_PATH } from './job-query';
import type { OpenPositionsCopy } from './open-positions';

const t = copy.search;

const clearLink = 'rounded-sm font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline';

/** "Showing 3 of 8 open positions". */
export function countText(shown: number, total: number): string {
  return fill(total === 1 ? t.countOfOne : t.count, { shown, total });
}

interface Props {
  /** The API path of the search, for retrying after a failure. */
  path: string;
  /** The search's answer; while a new one loads, the previous one with stale set. */
  state: ApiState<JobSearch> & { stale?: boolean };
  /** Whether the search narrows the list (its empty state then offers to clear it). */
  filtered: boolean;
  /** The job cards' words, shared with the career page. */
  cardCopy: OpenPositionsCopy;
}

/** The result count (announced when it changes), the matching positions, or why there are none. */
export function JobSearchResults({ path, state, filtered, cardCopy }: Props) {
  const data = state.data;
  return (
    <div className="mt-8">
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <p role="status" className="font-medium text-slate-700">
          {data ? countText(data.jobs.length, data.total) : ''}
        </p>
        {filtered && data && data.jobs.length > 0 && (
          <Link to={JOBS_PATH} className={clearLink}>
            {t.clear}
          </Link>
        )}
      </div>
      <div className="mt-6" aria-busy={state.stale || undefined}>
        <LoadState
          path={path}
          state={{ loading: state.loading, error: state.error, data: data?.jobs }}
          copy={cardCopy}
          empty={
            <div className="rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200 sm:p-12">
              {filtered ? (
                <>
                  <h3 className="text-xl font-semibold text-slate-900">{t.noMatchTitle}</h3>
                  <p className="mx-auto mt-3 max-w-xl text-slate-700">{t.noMatchText}</p>
                  <Link to={JOBS_PATH} className={`mt-6 inline-block ${clearLink}`}>
                    {t.clear}
                  </Link>
                </>
              ) : (
                <>
                  <h3 className="text-xl font-semibold text-slate-900">{cardCopy.emptyTitle}</h3>
                  <p className="mx-auto mt-3 max-w-xl text-slate-700">{cardCopy.emptyText}</p>
                  <a href={`mailto:${site.careersEmail}`} className={`mt-6 inline-block break-all ${clearLink}`}>
                    {fill(cardCopy.emptyAction, { email: site.careersEmail })}
                  </a>
                </>
              )}
            </div>
          }
        >
          {(jobs) => (
            <ul className={`grid gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${state.stale ? 'opacity-60' : ''}`}>
              {jobs.map((job) => (
                <JobCard key={job.id} job={job} copy={cardCopy} />
              ))}
            </ul>
          )}
        </LoadState>
      </div>
    </div>
  );
}
