import copy from '../../../../content/jobs.json';
import { formatRupees } from '../../lib/format';
import { fill } from '../../lib/text';

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

