import { useParams } from '../lib/router';
import { JobDetail } from '../features/jobs/job-detail';
import { WithOpenJob } from '../features/jobs/with-open-job';
import { EMPTY_QUERY, jobsUrl } from '../features/jobs/job-query';
import { NotFoundScreen } from './not-found';

export default function JobPage() {
  const { id = '' } = useParams();
  return (
    <WithOpenJob id={id} notFound={<NotFoundScreen />}>
      {(job) => (
        <>
          <JobDetail job={job} />
          <p className="mx-auto max-w-3xl px-4 pb-12">
            <a
              href={`${jobsUrl({ ...EMPTY_QUERY, location: job.location, department: job.department ?? '' })}#job-alert`}
              className="font-semibold text-brand-700 underline"
            >
              Get e-mails about new jobs like this
            </a>
          </p>
        </>
      )}
    </WithOpenJob>
  );
}
