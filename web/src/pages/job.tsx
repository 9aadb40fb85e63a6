import { useParams } from '../lib/router';
import { JobDetail } from '../features/jobs/job-detail';
import { WithOpenJob } from '../features/jobs/with-open-job';
import { NotFoundScreen } from './not-found';

export default function JobPage() {
  const { id = '' } = useParams();
  return (
    <WithOpenJob id={id} notFound={<NotFoundScreen />}>
      {(job) => <JobDetail job={job} />}
    </WithOpenJob>
  );
}
