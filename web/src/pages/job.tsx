import { Link, useParams } from 'react-router';
import { useApi } from '../lib/api';
import { useDocumentTitle } from '../lib/meta';
import type { Job } from '../lib/types';
import { PageLoading } from '../app/pages';
import { NotFoundScreen } from './not-found';

export default function JobPage() {
  const { id = '' } = useParams();
  const job = useApi<Job>(`/api/jobs/${encodeURIComponent(id)}`);
  useDocumentTitle(job.data ? job.data.jobTitle : 'Job');
  if (job.loading) return <PageLoading />;
  if (!job.data) return <NotFoundScreen />;
  const j = job.data;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">{j.jobTitle}</h1>
      <p>{j.location}</p>
      <p>{j.experience} years</p>
      <div dangerouslySetInnerHTML={{ __html: j.description }} />
      <Link to="/career">Back</Link> <Link to={`/apply/${j.id}`}>Apply</Link>
    </article>
  );
}
