// The application form's state and the pure steps on it: a fresh form for
// a job, adding and removing entries, the request as it is sent, the
// multipart body, and how the server's field paths find their inputs.
import { type ApplicationRequest, type Education, type WorkExperience } from '../../gen/wire';
import { APPLICATION_OPTIONS, APPLICATION_PARTS, APPLICATION_RULES, CONSENT_VERSION } from '../../gen/apply-rules';
import { mainPhoneRegion, phoneRegionOf } from '../../lib/form-rules';
import type { ApplicationFiles } from './rules';

/** What the visitor has typed: the request without the fields the form fills in itself. */
export type ApplyValues = Omit<ApplicationRequest, 'consentVersion' | 'homepage' | 'elapsedMs' | 'source'>;

export const emptyWork = (): WorkExperience => ({ jobTitle: '', companyName: '', startDate: '', endDate: '', responsibilities: '' });

export const emptyEducation = (): Education => ({
  level: '',
  institution: '',
  boardName: '',
  degree: '',
  fieldOfStudy: '',
  location: '',
  graduationDate: '',
  scoreType: APPLICATION_OPTIONS.scoreTypes[0].value,
  score: '',
});

/**
 * The choice that is the job's city, matched by its canonical name or any
 * alias regardless of case (a job in "Bengaluru", alias "Bangalore",
 * picks the choice "Bangalore"); else the first choice (Hyderabad).
 */
export function defaultLocation(jobLocation: string, aliases: readonly string[] = []): string {
  const options: readonly string[] = APPLICATION_OPTIONS.locationPreferences;
  const names = [jobLocation, ...aliases].map((n) => n.trim().toLowerCase());
  return options.find((o) => names.includes(o.toLowerCase())) ?? options[0]!;
}

/** A fresh form for a job in jobLocation (with its aliases): one empty work and education entry to start from. */
export function emptyValues(jobLocation: string, aliases: readonly string[] = []): ApplyValues {
  return {
    firstName: '',
    middleName: '',
    lastName: '',
    fullName: '',
    email: '',
    ...withPhoneRegion(APPLICATION_OPTIONS.defaultPhoneRegion),
    phoneNumber: '',
    address: '',
    linkedin: '',
    website: '',
    locationPreference: defaultLocation(jobLocation, aliases),
    availabilityDate: '',
    workExperiences: [emptyWork()],
    educations: [emptyEducation()],
    skills: [],
    certifications: [],
    coverLetter: '',
    heardFrom: '',
    eligibleToWork: false,
    willingToRelocate: false,
    gender: '',
    disabilityStatus: '',
    nationalIdType: '',
    nationalIdNumber: '',
    consent: false,
  };
}

/** The phone fields for a region chosen: its ISO code and its calling code ("IN" → "+91"). */
export function withPhoneRegion(region: string): Pick<ApplyValues, 'phoneCountry' | 'phoneCountryCode'> {
  return { phoneCountry: region, phoneCountryCode: phoneRegionOf(APPLICATION_RULES, region)?.code ?? '' };
}

/**
 * A draft's values on a fresh form: a draft saved before the form asked for
 * the phone's country has only its calling code, whose main region it gets.
 */
export function restoredValues(fresh: ApplyValues, saved: Partial<ApplyValues>): ApplyValues {
  const values = { ...fresh, ...saved };
  return saved.phoneCountry ? values : { ...values, ...withPhoneRegion(mainPhoneRegion(APPLICATION_RULES, values.phoneCountryCode) || fresh.phoneCountry) };
}

export const emptyFiles = (): ApplicationFiles => ({ resume: null, nationalIdDocument: null, certifications: [] });

/** The phone number as typed, with everything but digits dropped. */
export function digitsOnly(s: string): string {
  return s.replace(/\D+/g, '');
}

/** Whether a level asks for a board name (10th, 12th) rather than a degree and field. */
export function isBoardLevel(level: string): boolean {
  return (APPLICATION_OPTIONS.boardLevels as readonly string[]).includes(level);
}

/** The highest score of a score type (100 for percentage, 10 for CGPA). */
export function scoreMax(scoreType: string): number {
  const max = APPLICATION_OPTIONS.scoreMax as Record<string, number>;
  return max[scoreType] ?? APPLICATION_OPTIONS.scoreMax.percentage;
}

/** e with another score type; the score is cleared, as its scale changed. */
export function withScoreType(e: Education, scoreType: string): Education {
  return e.scoreType === scoreType ? e : { ...e, scoreType, score: '' };
}

/** list without item i. */
export function without<T>(list: readonly T[], i: number): T[] {
  return list.filter((_, j) => j !== i);
}

/** list with item i replaced. */
export function replaced<T>(list: readonly T[], i: number, item: T): T[] {
  return list.map((x, j) => (j === i ? item : x));
}

/** list with item i replaced by change(item i); a list without item i stays as it is. */
export function updated<T>(list: readonly T[], i: number, change: (item: T) => T): T[] {
  return list.map((x, j) => (j === i ? change(x) : x));
}

/** skills with s added, unless it is blank or already there (case-insensitively). */
export function withSkill(skills: readonly string[], s: string): string[] {
  const skill = s.trim().replace(/\s+/g, ' ');
  if (!skill || skills.some((k) => k.toLowerCase() === skill.toLowerCase())) return [...skills];
  return [...skills, skill];
}

const blankWork = (w: WorkExperience) => Object.values(w).every((v) => v.trim() === '');
const blankEducation = (e: Education) =>
  Object.entries(e).every(([k, v]) => k === 'scoreType' || v.trim() === '');

/**
 * An entry left completely empty is not sent: the form starts with one
 * work and one education entry, which someone without either leaves as
 * they are. index maps a sent entry's position back to the form's.
 */
export interface Outgoing {
  request: ApplicationRequest;
  files: ApplicationFiles;
  index: { workExperiences: number[]; educations: number[] };
}

/** The request the form sends for values and files. */
export function outgoing(
  values: ApplyValues,
  files: ApplicationFiles,
  extra: { homepage: string; elapsedMs: number | null; source?: string },
): Outgoing {
  const work = values.workExperiences.map((w, i) => [w, i] as const).filter(([w]) => !blankWork(w));
  const edu = values.educations.map((e, i) => [e, i] as const).filter(([e]) => !blankEducation(e));
  return {
    request: {
      ...values,
      workExperiences: work.map(([w]) => w),
      educations: edu.map(([e]) => e),
      consentVersion: CONSENT_VERSION,
      homepage: extra.homepage,
      elapsedMs: extra.elapsedMs,
      // Where the visit came from (lib/visit-source), when it brought a source.
      ...(extra.source ? { source: extra.source } : {}),
    },
    files,
    index: { workExperiences: work.map(([, i]) => i), educations: edu.map(([, i]) => i) },
  };
}

/**
 * The server's (or the rules') field path as the form's own path: entries
 * the form left out are counted back in. "workExperiences.0.jobTitle" may
 * be the form's second entry when its first was empty.
 */
export function formPath(path: string, index: Outgoing['index']): string {
  const m = /^(workExperiences|educations)\.(\d+)(\..*)?$/.exec(path);
  if (!m) return path;
  const list = index[m[1] as keyof Outgoing['index']];
  const i = list[Number(m[2])];
  return i === undefined ? path : `${m[1]}.${i}${m[3] ?? ''}`;
}

/** errors with every path turned into the form's own. */
export function formErrors(errors: Record<string, string>, index: Outgoing['index']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, msg] of Object.entries(errors)) out[formPath(path, index)] = msg;
  return out;
}

/**
 * The multipart body: the JSON part "application" first (the server reads
 * it before any file), then "resume", "nationalIdDocument" and
 * "certification.{i}" for each certification that has a document, in order.
 */
export function multipartBody(request: ApplicationRequest, files: ApplicationFiles): FormData {
  const form = new FormData();
  form.append(APPLICATION_PARTS.application, JSON.stringify(request));
  if (files.resume) form.append(APPLICATION_PARTS.resume, files.resume, files.resume.name);
  if (files.nationalIdDocument) form.append(APPLICATION_PARTS.nationalIdDocument, files.nationalIdDocument, files.nationalIdDocument.name);
  files.certifications.forEach((f, i) => {
    if (f) form.append(`${APPLICATION_PARTS.certificationPartPrefix}${i}`, f, f.name);
  });
  return form;
}

/** The id of the input of a field path: "workExperiences.0.jobTitle" → "apply-workExperiences-0-jobTitle". */
export function fieldId(path: string): string {
  return `apply-${path.replace(/\./g, '-')}`;
}

/** The part name of a certification's document, which is also its field path in errors. */
export function certificationPart(i: number): string {
  return `${APPLICATION_PARTS.certificationPartPrefix}${i}`;
}

/**
 * Every field path of the form in the order the form shows them, so the
 * error summary lists problems top to bottom.
 */
export function formOrder(values: ApplyValues): string[] {
  const paths = [
    'firstName',
    'middleName',
    'lastName',
    'fullName',
    'email',
    'phoneCountry',
    'phoneCountryCode',
    'phoneNumber',
    'address',
    'linkedin',
    'website',
    'locationPreference',
    'availabilityDate',
  ];
  values.workExperiences.forEach((_, i) => {
    for (const k of ['jobTitle', 'companyName', 'startDate', 'endDate', 'responsibilities']) paths.push(`workExperiences.${i}.${k}`);
  });
  values.educations.forEach((_, i) => {
    for (const k of ['level', 'institution', 'boardName', 'degree', 'fieldOfStudy', 'location', 'graduationDate', 'scoreType', 'score'])
      paths.push(`educations.${i}.${k}`);
  });
  paths.push('skills');
  values.skills.forEach((_, i) => paths.push(`skills.${i}`));
  values.certifications.forEach((_, i) => paths.push(`certifications.${i}.name`, certificationPart(i)));
  paths.push(
    'resume',
    'coverLetter',
    'heardFrom',
    'eligibleToWork',
    'willingToRelocate',
    'gender',
    'disabilityStatus',
    'nationalIdType',
    'nationalIdNumber',
    'nationalIdDocument',
    'consent',
  );
  return paths;
}

/** The problems in the form's order; paths the form does not know come last. */
export function orderedProblems(errors: Record<string, string>, values: ApplyValues): { path: string; message: string; known: boolean }[] {
  const order = formOrder(values);
  const known = order.filter((p) => errors[p]).map((p) => ({ path: p, message: errors[p]!, known: true }));
  const rest = Object.keys(errors)
    .filter((p) => !order.includes(p))
    .sort()
    .map((p) => ({ path: p, message: errors[p]!, known: false }));
  return [...known, ...rest];
}

/**
 * A fingerprint of what a submission sends: the JSON part (without
 * elapsedMs, which grows on every try) and each file's part name, name,
 * size and date (not a file's bytes: reading them all would be slow). The
 * same content gives the same fingerprint, any edit another, so an idempotency key goes with one content only. SHA-256 in
 * hex where the browser has crypto.subtle (secure contexts only); on a
 * plain-HTTP page, the string itself.
 */
export async function submissionFingerprint(request: ApplicationRequest, files: ApplicationFiles): Promise<string> {
  const parts: [string, string, number, number][] = [];
  const add = (part: string, f: File | null) => {
    if (f) parts.push([part, f.name, f.size, f.lastModified]);
  };
  add(APPLICATION_PARTS.resume, files.resume);
  add(APPLICATION_PARTS.nationalIdDocument, files.nationalIdDocument);
  files.certifications.forEach((f, i) => add(certificationPart(i), f));
  const text = JSON.stringify([JSON.stringify({ ...request, elapsedMs: null }), parts]);
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return text;
  try {
    const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  } catch {
    return text;
  }
}

/** A size for people: "820 KB", "1.2 MB". */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  const mb = n / (1024 * 1024);
  return `${mb < 10 ? String(Number(mb.toFixed(1))) : Math.round(mb)} MB`;
}
