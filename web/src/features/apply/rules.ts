// The job application's rules in the browser: the request normalised and
// flattened as the server does it (wire.ApplicationRequest's Normalize and
// Fields), then checked against APPLICATION_RULES, the Go server's table
// (internal/domain/application_rules.go, generated into gen/apply-rules.ts),
// by the forms' shared interpreter (lib/form-rules.ts), as
// domain.ValidateApplication does. The cases in
// internal/domain/testdata/application-cases.json run through both
// (rules.test.ts here, application_cases_test.go there), so the form
// refuses exactly what the server refuses, with the same words.
import { type ApplicationRequest, type CertificationName, type Education, type FieldRule, type RuleSet, type WorkExperience } from '../../gen/wire';
import { APPLICATION_PARTS, APPLICATION_RULES } from '../../gen/apply-rules';
import {
  fileMetaProblem,
  fileRule,
  mainPhoneRegion,
  normalizePhoneNumber,
  normalizeWebAddress,
  phoneRegionOf,
  ruleOf,
  validateFiles,
  validateForm,
  type FileMeta,
  type Problems,
} from '../../lib/form-rules';
import { trimGo } from '../../lib/text-rules';
import { normalizeSource } from '../../lib/visit-source';

// Typed, not cast: a change of the generated table's shape fails to compile here.
const RULES: RuleSet = APPLICATION_RULES;

/** The documents chosen in the form: certifications[i] belongs to the request's certifications[i]. */
export interface ApplicationFiles {
  resume: File | null;
  nationalIdDocument: File | null;
  certifications: (File | null)[];
}

/** Flattened path → message, for the fields that fail (empty object when all is well). */
export type ApplicationProblems = Problems;

/**
 * The rule of a field, by its flattened path ("educations.1.score") or the
 * table's ("educations.*.score"), for the form's input attributes
 * (maxLength, required, options). File parts work too ("certification.0").
 */
export function ruleFor(path: string): FieldRule | undefined {
  return ruleOf(RULES, path.replace(/\.(?:0|[1-9][0-9]*)(?=\.|$)/g, '.*'));
}

/** The accept attribute of a file input for a part: its extensions, comma-separated. */
export function acceptFor(part: string): string {
  return (ruleFor(part)?.extensions ?? []).join(',');
}

// ---- normalising and flattening -----------------------------------------

/** A string field of an entry or of the request, read or written by flattened path. */
type Entry = Record<string, unknown>;

/** The concrete paths of a rule for a request ("skills.*" → "skills.0", "skills.1"). */
function concretePaths(rule: FieldRule, counts: (list: string) => number): string[] {
  if (!rule.list) return [rule.path];
  const out: string[] = [];
  for (let i = 0; i < counts(rule.list); i++) out.push(rule.path.replace('*', String(i)));
  return out;
}

function listLength(req: ApplicationRequest, list: string): number {
  const v = (req as unknown as Entry)[list];
  return Array.isArray(v) ? v.length : 0;
}

function getPath(req: ApplicationRequest, path: string): unknown {
  let cur: unknown = req;
  for (const seg of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Entry)[seg];
  }
  return cur;
}

function setPath(req: ApplicationRequest, path: string, value: string): void {
  const segs = path.split('.');
  let cur: unknown = req;
  for (const seg of segs.slice(0, -1)) cur = (cur as Entry)[seg];
  const last = segs[segs.length - 1] ?? '';
  if (Array.isArray(cur)) cur[Number(last)] = value;
  else (cur as Entry)[last] = value;
}

function copyRequest(req: ApplicationRequest): ApplicationRequest {
  return {
    ...req,
    workExperiences: (req.workExperiences ?? []).map((w): WorkExperience => ({ ...w })),
    educations: (req.educations ?? []).map((e): Education => ({ ...e })),
    skills: [...(req.skills ?? [])],
    certifications: (req.certifications ?? []).map((c): CertificationName => ({ ...c })),
  };
}

/**
 * The application as it is sent and checked (wire.ApplicationRequest's
 * Normalize): texts trimmed, line breaks of multi-line text unified to \n,
 * web addresses completed with https:// when typed without a scheme, the
 * phone's region and calling code each derived from the other (the region
 * wins), the phone number's digits only, without a trunk prefix, and a
 * source that is not a short token left out (lib/visit-source). The
 * national ID number is only trimmed:
 * the rules judge its canonical form, and the server stores that. The
 * e-mail address keeps its case. Returns a copy.
 */
export function normalizeApplication(req: ApplicationRequest): ApplicationRequest {
  const out = copyRequest(req);
  out.homepage = trimGo(out.homepage ?? '');
  for (const rule of RULES.fields) {
    if (rule.kind === 'file' || rule.kind === 'count' || rule.kind === 'bool') continue;
    for (const path of concretePaths(rule, (list) => listLength(out, list))) {
      const v = getPath(out, path);
      if (typeof v !== 'string') continue;
      setPath(out, path, normalizeValue(rule, v));
    }
  }
  if (!out.phoneCountry) out.phoneCountry = mainPhoneRegion(RULES, out.phoneCountryCode);
  else out.phoneCountryCode = phoneRegionOf(RULES, out.phoneCountry)?.code ?? out.phoneCountryCode;
  out.phoneNumber = normalizePhoneNumber(RULES, out.phoneCountry, out.phoneNumber);
  if (out.source !== undefined) {
    const source = normalizeSource(out.source);
    if (source) out.source = source;
    else delete out.source;
  }
  return out;
}

function normalizeValue(rule: FieldRule, v: string): string {
  switch (rule.kind) {
    case 'text':
      return trimGo(v.replaceAll('\r\n', '\n').replaceAll('\r', '\n'));
    case 'phone':
      return v.replace(/[^0-9]/g, '');
    case 'url':
      return normalizeWebAddress(trimGo(v));
    default:
      return trimGo(v);
  }
}

/**
 * The application flattened to path → value (wire.ApplicationRequest's
 * Fields): list lengths under the list's name, booleans "true"/"false",
 * elapsedMs as a decimal ('' when absent).
 */
export function flattenApplication(req: ApplicationRequest): Record<string, string> {
  const out: Record<string, string> = {
    homepage: req.homepage ?? '',
    elapsedMs: req.elapsedMs === null || req.elapsedMs === undefined ? '' : String(req.elapsedMs),
  };
  for (const rule of RULES.fields) {
    if (rule.kind === 'file') continue;
    if (rule.kind === 'count') {
      out[rule.path] = String(listLength(req, rule.path));
      continue;
    }
    for (const path of concretePaths(rule, (list) => listLength(req, list))) {
      const v = getPath(req, path);
      out[path] = typeof v === 'boolean' ? String(v) : typeof v === 'string' ? v : '';
    }
  }
  return out;
}

// ---- checking ---------------------------------------------------------

/**
 * The visitor's own date as YYYY-MM-DD, the day the form checks dates
 * against. The server uses the earliest date on Earth (domain.ApplicationToday),
 * so a date the form accepts is never "in the past" there.
 */
export function applicationToday(now: Date): string {
  const p = (n: number, w: number) => String(n).padStart(w, '0');
  return `${p(now.getFullYear(), 4)}-${p(now.getMonth() + 1, 2)}-${p(now.getDate(), 2)}`;
}

/**
 * Every problem of an application (domain.ValidateApplication), checked
 * on its normalised copy. With files null, only the text is checked.
 * today is YYYY-MM-DD (applicationToday); when it is not a date, the date
 * bounds are not checked.
 */
export function validateApplication(
  req: ApplicationRequest,
  files: ApplicationFiles | null,
  today: string,
): ApplicationProblems {
  const fields = flattenApplication(normalizeApplication(req));
  const problems = validateForm(RULES, fields, today);
  if (!files) return problems;
  // A field's own message first, as domain.ValidateApplication keeps it.
  return { ...validateFiles(RULES, fields, fileParts(files)), ...problems };
}

/** The files by part name: "resume", "nationalIdDocument", "certification.{i}". */
function fileParts(files: ApplicationFiles): Map<string, FileMeta> {
  const parts = new Map<string, FileMeta>();
  if (files.resume) parts.set(APPLICATION_PARTS.resume, files.resume);
  if (files.nationalIdDocument) parts.set(APPLICATION_PARTS.nationalIdDocument, files.nationalIdDocument);
  files.certifications.forEach((f, i) => {
    if (f) parts.set(APPLICATION_PARTS.certificationPartPrefix + i, f);
  });
  return parts;
}

/**
 * The problem of a file chosen for a part ("resume", "certification.0"),
 * or '' when it is acceptable: for refusing a wrong file the moment it is
 * chosen (domain.CheckFileMeta).
 */
export function fileProblem(part: string, file: File): string {
  const rule = fileRule(RULES, part);
  return rule ? fileMetaProblem(rule, file) : (RULES.unexpectedFile ?? '');
}
