import type { ReactNode } from 'react';
import { PageLoading } from '../../components/page-loading';
import type { Job } from '../../gen/wire';
import { useApi } from '../../lib/api';
import { JobGone, JobLoadError } from './job-unavailable';

interface Props {
  id: string;
  /** The page of an open job. */
  children(job: Job): ReactNode;
  /** The page for a job that does not exist (the site's not-found screen). */
  notFound: ReactNode;
}

/**
 * Loads job id and shows its page, or what the job page shows instead:
 * Loading... while it arrives (client-side navigation only), the
 * not-found screen, the "position closed" screen (410) or a load error.
 * The job page and the application form share it, so they never differ.
 */
export function WithOpenJob({ id, children, notFound }: Props) {
  const job = useApi<Job>(`/api/jobs/${encodeURIComponent(id)}`);
  if (job.loading) return <PageLoading />;
  if (job.error?.code === 'not_found') return notFound;
  if (job.error?.code === 'gone') return <JobGone />;
  if (!job.data) return <JobLoadError />;
  return children(job.data);
}
