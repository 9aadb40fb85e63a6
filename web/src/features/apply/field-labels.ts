import copy from '../../../../content/apply.json';
import { APPLICATION_PARTS } from '../../gen/apply-rules';
import { fill } from '../../lib/text';

const t = copy;
const labels: Record<string, string> = { ...t.labels, ...t.summaryLabels };

const entryKeys: Record<string, string> = { location: 'eduLocation', name: 'certificationName' };

/**
 * The name of a field path as the form shows it, for the error summary:
 * "Email", "Work experience 2: Job Title", "Certification 1: Certification Document".
 */
export function fieldLabel(path: string, skills: readonly string[] = []): string {
  const parts = path.split('.');
  const [head, index, key] = parts;
  const n = Number(index) + 1;
  if (head === 'workExperiences' && key) return `${fill(t.entry.work, { n })}: ${labels[key] ?? key}`;
  if (head === 'educations' && key) return `${fill(t.entry.education, { n })}: ${labels[entryKeys[key] ?? key] ?? key}`;
  if (head === 'certifications' && key) return `${fill(t.certificationEntry, { n })}: ${labels[entryKeys[key] ?? key] ?? key}`;
  if (path.startsWith(APPLICATION_PARTS.certificationPartPrefix) && index !== undefined)
    return `${fill(t.certificationEntry, { n })}: ${t.labels.certificationDocument}`;
  if (head === 'skills') return index === undefined ? t.sections.skills : `${t.sections.skills}: ${skills[Number(index)] ?? n}`;
  return labels[path] ?? path;
}
