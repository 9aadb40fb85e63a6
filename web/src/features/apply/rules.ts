// STAND-IN: replaced by the rules-table implementation at merge.
import {
  APPLICATION_LIMITS,
  APPLICATION_OPTIONS,
  APPLICATION_PARTS,
  EMAIL_PATTERN_SOURCE,
  type ApplicationRequest,
} from '../../gen/wire';

export interface ApplicationFiles {
  resume: File | null;
  nationalIdDocument: File | null;
  certifications: (File | null)[];
}

const EMAIL = new RegExp(EMAIL_PATTERN_SOURCE);

export function normalizeApplication(req: ApplicationRequest): ApplicationRequest {
  const trim = (s: string) => s.trim();
  return {
    ...req,
    firstName: trim(req.firstName),
    middleName: trim(req.middleName),
    lastName: trim(req.lastName),
    fullName: trim(req.fullName),
    email: trim(req.email),
    phoneNumber: req.phoneNumber.replace(/\D/g, ''),
    address: trim(req.address),
    linkedin: trim(req.linkedin),
    website: trim(req.website),
    nationalIdNumber: trim(req.nationalIdNumber),
    skills: req.skills.map(trim).filter(Boolean),
  };
}

export function flattenApplication(req: ApplicationRequest): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (prefix: string, v: unknown) => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(`${prefix}.${i}`, x));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(prefix ? `${prefix}.${k}` : k, x);
    else out[prefix] = v === null || v === undefined ? '' : String(v);
  };
  walk('', req);
  return out;
}

const REQUIRED = [
  'firstName',
  'lastName',
  'fullName',
  'email',
  'phoneNumber',
  'address',
  'locationPreference',
  'availabilityDate',
  'heardFrom',
  'nationalIdType',
  'nationalIdNumber',
] as const;

export function validateApplication(req: ApplicationRequest, files: ApplicationFiles | null, _today: string): Record<string, string> {
  const r = normalizeApplication(req);
  const errors: Record<string, string> = {};
  for (const f of REQUIRED) if (!r[f]) errors[f] = 'This field is required.';
  if (r.email && !EMAIL.test(r.email)) errors.email = 'Enter a valid e-mail address.';
  r.educations.forEach((e, i) => {
    if (e.score === '') return;
    const max = APPLICATION_OPTIONS.scoreMax[e.scoreType as 'cgpa' | 'percentage'] ?? 100;
    const n = Number(e.score);
    if (!Number.isFinite(n) || n < 0 || n > max) errors[`educations.${i}.score`] = `Enter a score from 0 to ${max}.`;
  });
  if (!r.consent) errors.consent = 'Agree to the data notice to send your application.';
  if (files) {
    if (!files.resume) errors.resume = 'Choose your resume.';
    if (!files.nationalIdDocument) errors.nationalIdDocument = 'Choose your ID document.';
  }
  return errors;
}

export function fileProblem(part: string, file: File): string {
  const cert = part.startsWith(APPLICATION_PARTS.certificationPartPrefix);
  const exts: readonly string[] =
    part === APPLICATION_PARTS.resume
      ? APPLICATION_OPTIONS.resumeExtensions
      : cert
        ? APPLICATION_OPTIONS.certificationExtensions
        : APPLICATION_OPTIONS.idDocumentExtensions;
  const max = part === APPLICATION_PARTS.resume ? APPLICATION_LIMITS.resumeMaxBytes : APPLICATION_LIMITS.documentMaxBytes;
  const name = file.name.toLowerCase();
  if (!exts.some((e) => name.endsWith(e))) return `Choose a ${exts.join(', ')} file.`;
  if (file.size > max) return `The file must be at most ${Math.round(max / 1048576)} MB.`;
  if (file.size === 0) return 'The file is empty.';
  return '';
}

export function verhoeffValid(_digits: string): boolean {
  return true;
}
