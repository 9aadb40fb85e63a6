import copy from '../../../../content/jobs.json';
import { JOB_SEARCH } from '../../gen/wire';
import { formatRupees } from '../../lib/format';
import { fill } from '../../lib/text';

const t = copy.detail;

/** "3-5 years", "1 year". */
export function experienceText(experience: string): string {
  return fill(experience.trim() === '1' ? t.experienceOneYear : t.experienceYears, { experience });
}

/** A workplace type in words (onsite → On-site); the code itself if unknown. */
export function workplaceText(code: string): string {
  return (t.workplaces as Record<string, string>)[code] ?? code;
}

/** The workplace of a job page: a remote job says where applicants may live. */
export function workplaceFact(code: string, country: string): string {
  return code === 'remote' ? fill(t.remoteWithin, { country }) : workplaceText(code);
}

/** The label of an employment type code (FULL_TIME → Full-time); the code itself if unknown. */
export function employmentTypeText(code: string): string {
  return (t.employmentTypes as Record<string, string>)[code] ?? code;
}

/** "₹6,00,000 – ₹9,00,000 a year", or "" when no salary is stated. */
export function salaryText(min = 0, max = 0): string {
  if (min > 0 && max > 0) return fill(t.salaryRange, { min: formatRupees(min), max: formatRupees(max) });
  if (min > 0) return fill(t.salaryFrom, { min: formatRupees(min) });
  if (max > 0) return fill(t.salaryUpTo, { max: formatRupees(max) });
  return '';
}


/**
 * A job search's values in words in its canonical order, the empty ones
 * left out ("go · 4 years of experience · Remote"): what its feed's title
 * names (the server's jobsearch.Query.Values).
 */
export function searchValues(q: Readonly<Record<string, string | undefined>>): string[] {
  return JOB_SEARCH.params.flatMap((p) => {
    const v = q[p] ?? '';
    if (v === '') return [];
    if (p === 'years') return [fill(copy.feed.years, { years: v })];
    return [p === 'workplace' ? workplaceText(v) : v];
  });
}

/**
 * A job search with each value labelled ("Location: Pune · Workplace:
 * Remote"), as the job alerts' e-mails name it (the server's
 * jobsearch.Query.Describe); "All open positions" with no filter.
 */
export function describeSearch(q: Readonly<Record<string, string | undefined>>): string {
  const labels: Record<string, string> = copy.describe.labels;
  const parts = JOB_SEARCH.params.flatMap((p) => {
    const v = q[p] ?? '';
    return v === '' ? [] : [`${labels[p] ?? p}: ${p === 'workplace' ? workplaceText(v) : v}`];
  });
  return parts.length ? parts.join(' · ') : copy.describe.all;
}
