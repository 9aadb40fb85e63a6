import copy from '../../../../content/jobs.json';
import { formatLongDate } from '../../lib/format';
import type { Job } from '../../gen/wire';
import site from '../../../../content/site.json';
import { employmentTypeText, experienceText, salaryText, workplaceFact } from './job-text';

const labels = copy.detail.facts;

/** The key facts of a job as a description list; optional ones only when set. */
export function JobFacts({ job }: { job: Job }) {
  const facts: [string, string][] = [
    [labels.location, job.location],
    [labels.experience, experienceText(job.experience)],
  ];
  // A remote job's structured data names the country applicants must be in; the page says it too.
  if (job.workplace) facts.push([labels.workplace, workplaceFact(job.workplace, site.address.countryName)]);
  if (job.department) facts.push([labels.department, job.department]);
  if (job.employmentType) facts.push([labels.employmentType, employmentTypeText(job.employmentType)]);
  const salary = salaryText(job.salaryMin, job.salaryMax);
  if (salary) facts.push([labels.salary, salary]);
  const closing = job.closingDate ? formatLongDate(job.closingDate) : '';
  if (closing) facts.push([labels.closingDate, closing]);

  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4">
      {facts.map(([term, value]) => (
        <div key={term} className="rounded-xl bg-slate-50 px-3 py-2.5 ring-1 ring-slate-200 sm:px-4 sm:py-3">
          <dt className="text-sm font-medium text-slate-600">{term}</dt>
          <dd className="mt-0.5 font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
