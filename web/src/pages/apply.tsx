import { useParams } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { ApplyScreen } from '../features/apply/apply-screen';
import { experienceText } from '../features/jobs/job-text';
import { JobGone, JobLoadError } from '../features/jobs/job-unavailable';
import { useApi } from '../lib/api';
import type { Job } from '../gen/wire';
import { NotFoundScreen } from './not-found';

/** /apply/{id}: the application form of an open job; a missing or closed job as the job page shows it. */
export default function ApplyPage() {
  const { id = '' } = useParams();
  const job = useApi<Job>(`/api/jobs/${encodeURIComponent(id)}`);
  if (job.loading) return <PageLoading />;
  if (job.error?.code === 'not_found') return <NotFoundScreen />;
  if (job.error?.code === 'gone') return <JobGone />;
  if (!job.data) return <JobLoadError />;
  const j = job.data;
  return <ApplyScreen job={j} facts={`${j.location} · ${experienceText(j.experience)}`} />;
}
