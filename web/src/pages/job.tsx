import { useParams } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { JobDetail } from '../features/jobs/job-detail';
import { JobGone, JobLoadError } from '../features/jobs/job-unavailable';
import { useApi } from '../lib/api';
import type { Job } from '../gen/wire';
import { NotFoundScreen } from './not-found';

export default function JobPage() {
  const { id = '' } = useParams();
  const job = useApi<Job>(`/api/jobs/${encodeURIComponent(id)}`);
  if (job.loading) return <PageLoading />;
  if (job.error?.code === 'not_found') return <NotFoundScreen />;
  if (job.error?.code === 'gone') return <JobGone />;
  if (!job.data) return <JobLoadError />;
  return <JobDetail job={job.data} />;
}
