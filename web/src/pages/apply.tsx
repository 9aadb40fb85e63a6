import { useParams } from '../lib/router';
import { ApplyScreen } from '../features/apply/apply-screen';
import { experienceText } from '../features/jobs/job-text';
import { WithOpenJob } from '../features/jobs/with-open-job';
import { NotFoundScreen } from './not-found';

/** /apply/{id}: the application form of an open job; a missing or closed job as the job page shows it. */
export default function ApplyPage() {
  const { id = '' } = useParams();
  return (
    <WithOpenJob id={id} notFound={<NotFoundScreen />}>
      {(j) => <ApplyScreen job={j} facts={`${j.location} · ${experienceText(j.experience)}`} />}
    </WithOpenJob>
  );
}
