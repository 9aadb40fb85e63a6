import copy from '../../../../content/jobs.json';
import { formatRupees } from '../../lib/format';
import { fill } from '../../lib/text';
import type { Job } from '../../lib/types';

const t = copy.detail;

/** "3-5 years", "1 year". */
export function experienceText(experience: string): string {
  return fill(experience.trim() === '1' ? t.experienceOneYear : t.experienceYears, { experience });
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

/** The page's document title: "{jobTitle} – {location}". */
export function jobPageTitle(job: Pick<Job, 'jobTitle' | 'location'>): string {
  return `${job.jobTitle} – ${job.location}`;
}

/** Whether applications are over: closed by staff or past the closing day (UTC). */
export function applicationsClosed(job: Pick<Job, 'status' | 'closingDate'>, now: Date): boolean {
  if (job.status === 'closed') return true;
  if (!job.closingDate) return false;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(job.closingDate).getTime() < today;
}

