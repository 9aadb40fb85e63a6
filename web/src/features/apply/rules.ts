// The job application's rules in the browser. Every limit, pattern, option
// and message comes from APPLICATION_RULES, the Go server's table
// (internal/domain/application_rules.go, generated into gen/wire.ts); this
// file only interprets it, the same way domain.ValidateApplication does.
// The cases in internal/domain/testdata/application-cases.json run through
// both (rules.test.ts here, application_cases_test.go there), so the form
// refuses exactly what the server refuses, with the same words.
import { type ApplicationRequest, type CertificationName, type Education, type WorkExperience } from '../../gen/wire';
import { APPLICATION_PARTS, APPLICATION_RULES } from '../../gen/apply-rules';
import { charCount, controlExceptNewline, hasInvisibleFormat, lineBreakOrControl, trimGo } from '../../lib/text-rules';

/** A condition on another field of the same entry (domain.Condition). */
interface Condition {
  readonly field: string;
  readonly filled?: boolean;
  readonly in?: readonly string[];
}

/** One rule of the table (domain.FieldRule); its comment there says what each part means. */
export interface FieldRule {
  readonly path: string;
  readonly kind: string;
  readonly list?: string;
  readonly required?: boolean;
  readonly requiredWhen?: Condition;
  readonly max?: number;
  readonly localMax?: number;
  readonly pattern?: string;
  readonly options?: readonly string[];
  readonly within?: { readonly from: number; readonly to: number };
  readonly notBefore?: string;
  readonly decimals?: number;
  readonly rangeBy?: string;
  readonly ranges?: Readonly<Record<string, { readonly min: number; readonly max: number }>>;
  readonly formatBy?: string;
  readonly extensions?: readonly string[];
  readonly maxBytes?: number;
  readonly ignoreBlankFirst?: boolean;
  readonly blankIgnores?: readonly string[];
  readonly messages: Readonly<Record<string, string>>;
}

/** How one type of national ID is written (domain.NationalIDFormat). */
interface NationalIdFormat {
  readonly type: string;
  readonly removeSpaces?: boolean;
  readonly upper?: boolean;
  readonly patterns: readonly string[];
  readonly message: string;
  readonly check?: string;
  readonly checkMessage?: string;
}

interface RuleSet {
  readonly fields: readonly FieldRule[];
  readonly unexpectedFile: string;
  readonly nationalIds: readonly NationalIdFormat[];
  readonly verhoeff: {
    readonly d: readonly (readonly number[])[];
    readonly p: readonly (readonly number[])[];
    readonly inv: readonly number[];
  };
}

// Typed, not cast: a change of the generated table's shape fails to compile here.
const RULES: RuleSet = APPLICATION_RULES;

/** The documents chosen in the form: certifications[i] belongs to the request's certifications[i]. */
export interface ApplicationFiles {
  resume: File | null;
  nationalIdDocument: File | null;
  certifications: (File | null)[];
}

/** Flattened path → message, for the fields that fail (empty object when all is well). */
export type ApplicationProblems = Record<string, string>;

/** What the rules read of a file. */
type FileMeta = Pick<File, 'name' | 'size'>;

const patterns = new Map<string, RegExp>();

/** The compiled RegExp of a table pattern; the u flag makes classes and counts work on code points, as in Go. */
function compiled(source: string): RegExp {
  let re = patterns.get(source);
  if (!re) {
    re = new RegExp(source, 'u');
    patterns.set(source, re);
  }
  return re;
}

function ruleOf(path: string): FieldRule | undefined {
  return RULES.fields.find((r) => r.path === path);
}

/**
 * The rule of a field, by its flattened path ("educations.1.score") or the
 * table's ("educations.*.score"), for the form's input attributes
 * (maxLength, required, options). File parts work too ("certification.0").
 */
export function ruleFor(path: string): FieldRule | undefined {
  return ruleOf(path.replace(/\.(?:0|[1-9][0-9]*)(?=\.|$)/g, '.*'));
}

/** The accept attribute of a file input for a part: its extensions, comma-separated. */
export function acceptFor(part: string): string {
  return (ruleFor(part)?.extensions ?? []).join(',');
}

// ---- national ID ------------------------------------------------------

/** Whether digits (ASCII digits only, at least one) end in a correct Verhoeff check digit. */
export function verhoeffValid(digits: string): boolean {
  return verhoeffSum(digits, 0) === 0;
}

/** The Verhoeff check digit to append to digits, or null when digits is empty or not all digits. */
export function verhoeffCheckDigit(digits: string): string | null {
  const c = verhoeffSum(digits, 1);
  return c === null ? null : String(RULES.verhoeff.inv[c]);
}

function verhoeffSum(s: string, offset: number): number | null {
  if (!/^[0-9]+$/.test(s)) return null;
  const { d, p } = RULES.verhoeff;
  let c = 0;
  for (let i = 0; i < s.length; i++) {
    const digit = s.charCodeAt(s.length - 1 - i) - 48;
    c = d[c]?.[p[(i + offset) % 8]?.[digit] ?? 0] ?? 0;
  }
  return c;
}

function idFormat(type: string): NationalIdFormat | undefined {
  return RULES.nationalIds.find((f) => f.type === type);
}

/** The canonical form of a national ID number (domain.NormalizeNationalID). */
export function normalizeNationalId(type: string, number: string): string {
  let n = trimGo(number);
  const f = idFormat(type);
  if (!f) return n;
  if (f.removeSpaces) n = n.replaceAll(' ', '');
  if (f.upper) n = n.replace(/[a-z]/g, (c) => c.toUpperCase());
  return n;
}

/** What is wrong with a national ID number of a type, or '' (domain.NationalIDProblem). */
export function nationalIdProblem(type: string, number: string): string {
  const f = idFormat(type);
  if (!f) return ruleOf('nationalIdType')?.messages.invalid ?? '';
  const n = normalizeNationalId(type, number);
  if (!f.patterns.every((p) => compiled(p).test(n))) return f.message;
  if (f.check === 'verhoeff' && !verhoeffValid(n)) return f.checkMessage ?? '';
  return '';
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
 * the phone number's digits only. The national ID number is only trimmed:
 * the rules judge its canonical form, and the server stores that. The
 * e-mail address keeps its case. Returns a copy.
 */
export function normalizeApplication(req: ApplicationRequest): ApplicationRequest {
  const out = copyRequest(req);
  out.homepage = trimGo(out.homepage ?? '');
  out.nationalIdType = trimGo(out.nationalIdType ?? '');
  for (const rule of RULES.fields) {
    if (rule.kind === 'file' || rule.kind === 'count' || rule.kind === 'bool') continue;
    for (const path of concretePaths(rule, (list) => listLength(out, list))) {
      const v = getPath(out, path);
      if (typeof v !== 'string') continue;
      setPath(out, path, normalizeValue(rule, v));
    }
  }
  return out;
}

function normalizeValue(rule: FieldRule, v: string): string {
  switch (rule.kind) {
    case 'text':
      return trimGo(v.replaceAll('\r\n', '\n').replaceAll('\r', '\n'));
    case 'digits':
      return v.replace(/[^0-9]/g, '');
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
  return validateFields(flattenApplication(normalizeApplication(req)), files && fileParts(files), today);
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
  const rule = fileRule(part);
  return rule ? fileMetaProblem(rule, file) : RULES.unexpectedFile;
}

const indexPattern = /^(?:0|[1-9][0-9]{0,3})$/;

function fileRule(part: string): FieldRule | undefined {
  return RULES.fields.find((r) => {
    if (r.kind !== 'file') return false;
    if (!r.path.endsWith('*')) return r.path === part;
    const prefix = r.path.slice(0, -1);
    return part.startsWith(prefix) && indexPattern.test(part.slice(prefix.length));
  });
}

function fileMetaProblem(rule: FieldRule, file: FileMeta): string {
  const m = rule.messages;
  const base = file.name.slice(file.name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  const ext = dot >= 0 ? base.slice(dot).toLowerCase() : '';
  if (file.size <= 0) return m.empty ?? '';
  if (charCount(file.name) > (rule.max ?? Infinity)) return m.nameTooLong ?? '';
  if (!(rule.extensions ?? []).includes(ext)) return m.type ?? '';
  if (file.size > (rule.maxBytes ?? Infinity)) return m.tooLarge ?? '';
  return '';
}

const datePattern = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

/** Whether s is a real calendar date written YYYY-MM-DD (proleptic Gregorian, like Go's time.Parse). */
function validDate(s: string): boolean {
  const m = datePattern.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  return days !== undefined && d >= 1 && d <= days;
}

/** A YYYY-MM-DD date moved by whole years, month and day kept (a text bound; see domain.YearSpan). */
function shiftYears(day: string, years: number): string {
  const y = Math.min(Math.max(Number(day.slice(0, 4)) + years, 0), 9999);
  return String(y).padStart(4, '0') + day.slice(4);
}

/** The interpreter of the table over flattened fields; domain.ValidateApplication in Go. */
function validateFields(
  fields: Record<string, string>,
  files: Map<string, FileMeta> | null,
  todayIn: string,
): ApplicationProblems {
  const today = validDate(todayIn) ? todayIn : '';
  const problems: ApplicationProblems = {};
  const add = (path: string, msg: string | undefined) => {
    if (msg && !Object.hasOwn(problems, path)) problems[path] = msg;
  };
  const count = (list: string) => {
    const n = Number(fields[list] ?? '');
    return Number.isInteger(n) && n >= 0 ? n : 0;
  };
  const entries = (list: string) => Math.min(count(list), ruleOf(list)?.max ?? 0);

  for (const rule of RULES.fields) {
    if (rule.kind === 'count') {
      if (count(rule.path) > (rule.max ?? Infinity)) add(rule.path, rule.messages.tooMany);
    } else if (rule.kind === 'file') {
      if (files) checkFiles(rule, files, entries, add);
    } else if (rule.list) {
      for (let i = 0; i < entries(rule.list); i++) {
        if (i === 0 && ruleOf(rule.list)?.ignoreBlankFirst && isBlankEntry(fields, rule.list, 0)) continue;
        const path = rule.path.replace('*', String(i));
        add(path, valueProblem(rule, fields[path] ?? '', `${rule.list}.${i}.`, fields, today));
      }
    } else {
      add(rule.path, valueProblem(rule, fields[rule.path] ?? '', '', fields, today));
    }
  }
  if (files) {
    for (const part of files.keys()) if (!fileRule(part)) add(part, RULES.unexpectedFile);
  }
  return problems;
}

/**
 * Whether every field of entry i of a list is empty, the fields its count
 * rule's blankIgnores names excepted (domain.IsBlankEntry). A blank first
 * entry of a list with ignoreBlankFirst is not checked and should not be stored.
 */
export function isBlankEntry(fields: Record<string, string>, list: string, i: number): boolean {
  const ignores = ruleOf(list)?.blankIgnores ?? [];
  const wild = `${list}.*.`;
  return RULES.fields.every((r) => {
    if (r.list !== list || r.kind === 'file') return true;
    if (ignores.includes(r.path.slice(wild.length))) return true;
    return !fields[r.path.replace(wild, `${list}.${i}.`)];
  });
}

function checkFiles(
  rule: FieldRule,
  files: Map<string, FileMeta>,
  entries: (list: string) => number,
  add: (path: string, msg: string | undefined) => void,
): void {
  if (!rule.list) {
    const f = files.get(rule.path);
    if (!f) {
      if (rule.required) add(rule.path, rule.messages.required);
    } else {
      add(rule.path, fileMetaProblem(rule, f));
    }
    return;
  }
  const prefix = rule.path.slice(0, -1);
  const n = entries(rule.list);
  for (const [part, f] of files) {
    const i = part.slice(prefix.length);
    if (!part.startsWith(prefix) || !indexPattern.test(i)) continue;
    add(part, Number(i) >= n ? rule.messages.unexpected : fileMetaProblem(rule, f));
  }
  if (rule.required) {
    for (let i = 0; i < n; i++) if (!files.has(prefix + i)) add(prefix + i, rule.messages.required);
  }
}

function valueProblem(
  rule: FieldRule,
  value: string,
  sibling: string,
  fields: Record<string, string>,
  today: string,
): string {
  const m = rule.messages;
  if (rule.kind === 'bool') {
    if (value !== 'true' && value !== 'false' && value !== '') return m.invalid ?? '';
    if (rule.required && value !== 'true') return m.required ?? '';
    return '';
  }
  if (rule.kind === 'nationalId') value = normalizeNationalId(fields[rule.formatBy ?? ''] ?? '', value);
  if (value === '') {
    return rule.required || holds(rule.requiredWhen, sibling, fields) ? (m.required ?? '') : '';
  }
  if (rule.max && charCount(value) > rule.max) return m.tooLong ?? '';
  if (rule.kind === 'text') {
    if (controlExceptNewline.test(value)) return m.chars ?? '';
  } else if (lineBreakOrControl.test(value) || hasInvisibleFormat(value)) {
    return m.chars ?? '';
  }
  if (rule.pattern && !compiled(rule.pattern).test(value)) return m.invalid ?? '';
  switch (rule.kind) {
    case 'email': {
      // The pattern admits ASCII only before the @, so UTF-16 length is Go's byte length.
      const at = value.indexOf('@');
      return (at < 0 ? value : value.slice(0, at)).length > (rule.localMax ?? Infinity) ? (m.invalid ?? '') : '';
    }
    case 'option':
      return (rule.options ?? []).includes(value) ? '' : (m.invalid ?? '');
    case 'date':
      return dateProblem(rule, value, sibling, fields, today);
    case 'decimal':
      return decimalProblem(rule, value, sibling, fields);
    case 'nationalId': {
      const type = fields[rule.formatBy ?? ''] ?? '';
      return idFormat(type) ? nationalIdProblem(type, value) : '';
    }
  }
  return '';
}

function holds(c: Condition | undefined, sibling: string, fields: Record<string, string>): boolean {
  if (!c) return false;
  const other = fields[sibling + c.field] ?? '';
  return c.filled ? other !== '' : (c.in ?? []).includes(other);
}

function dateProblem(
  rule: FieldRule,
  value: string,
  sibling: string,
  fields: Record<string, string>,
  today: string,
): string {
  const m = rule.messages;
  if (!validDate(value)) return m.invalid ?? '';
  if (rule.within && today) {
    // Dates in YYYY-MM-DD order as text.
    if (value < shiftYears(today, rule.within.from)) return m.early ?? '';
    if (value > shiftYears(today, rule.within.to)) return m.late ?? '';
  }
  if (rule.notBefore) {
    const other = fields[sibling + rule.notBefore] ?? '';
    if (validDate(other) && value < other) return m.order ?? '';
  }
  return '';
}

function decimalProblem(rule: FieldRule, value: string, sibling: string, fields: Record<string, string>): string {
  const m = rule.messages;
  const dot = value.indexOf('.');
  if (dot >= 0 && value.length - dot - 1 > (rule.decimals ?? 0)) return m.step ?? '';
  const by = fields[sibling + (rule.rangeBy ?? '')] ?? '';
  const range = rule.ranges && Object.hasOwn(rule.ranges, by) ? rule.ranges[by] : undefined;
  if (!range) return ''; // the rangeBy field has its own message
  const n = Number(value);
  if (Number.isNaN(n)) return m.invalid ?? '';
  return n < range.min || n > range.max ? (m[`range:${by}`] ?? '') : '';
}
