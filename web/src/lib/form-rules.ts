// The interpreter of the visitors' forms' rules tables in the browser: the
// job application's (APPLICATION_RULES), the contact form's (CONTACT_RULES)
// and the comment form's (COMMENT_RULES), each generated with its type from
// the Go server's table (internal/domain, by cmd/gen-wire into gen/). Every
// limit, pattern, option and message comes from the table; this file only
// interprets it, check for check as domain.ValidateForm and ValidateFiles
// do (internal/domain/form_validate.go, whose FieldRule comment says what
// each part of a rule means). The shared cases in internal/domain/testdata
// run through both, so a form refuses exactly what the server refuses, with
// the same words.
import type { Condition, FieldRule, NationalIDFormat, PhoneRegion, RuleSet } from '../gen/wire';
import { charCount, controlExceptNewline, hasInvisibleFormat, lineBreakOrControl, trimGo } from './text-rules';

/** Flattened path → message, for the fields that fail (an empty object when all is well). */
export type Problems = Record<string, string>;

/** What the rules read of a file. */
export type FileMeta = Pick<File, 'name' | 'size'>;

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

/** The rule of a path as the table writes it ("educations.*.score"). */
export function ruleOf(rules: RuleSet, path: string): FieldRule | undefined {
  return rules.fields.find((r) => r.path === path);
}

// ---- national ID ------------------------------------------------------

/** Whether digits (ASCII digits only, at least one) end in a correct Verhoeff check digit. */
export function verhoeffValid(rules: RuleSet, digits: string): boolean {
  return verhoeffSum(rules, digits, 0) === 0;
}

/** The Verhoeff check digit to append to digits, or null when digits is empty or not all digits. */
export function verhoeffCheckDigit(rules: RuleSet, digits: string): string | null {
  const c = verhoeffSum(rules, digits, 1);
  return c === null ? null : String(rules.verhoeff?.inv[c]);
}

function verhoeffSum(rules: RuleSet, s: string, offset: number): number | null {
  if (!/^[0-9]+$/.test(s) || !rules.verhoeff) return null;
  const { d, p } = rules.verhoeff;
  let c = 0;
  for (let i = 0; i < s.length; i++) {
    const digit = s.charCodeAt(s.length - 1 - i) - 48;
    c = d[c]?.[p[(i + offset) % 8]?.[digit] ?? 0] ?? 0;
  }
  return c;
}

function idFormat(rules: RuleSet, type: string): NationalIDFormat | undefined {
  return rules.nationalIds?.find((f) => f.type === type);
}

/**
 * The canonical form of a national ID number of a type (domain.NormalizeNationalID):
 * what a rule of kind nationalId judges, by the type in its formatBy field.
 */
export function normalizeNationalId(rules: RuleSet, type: string, number: string): string {
  let n = trimGo(number);
  const f = idFormat(rules, type);
  if (!f) return n;
  if (f.removeSpaces) n = n.replaceAll(' ', '');
  if (f.upper) n = n.replace(/[a-z]/g, (c) => c.toUpperCase());
  return n;
}

/** What is wrong with a national ID number in its type's canonical form, or ''. */
function nationalIdProblem(rules: RuleSet, f: NationalIDFormat, canonical: string): string {
  if (!f.patterns.every((p) => compiled(p).test(canonical))) return f.message;
  if (f.check === 'verhoeff' && !verhoeffValid(rules, canonical)) return f.checkMessage ?? '';
  return '';
}

// ---- phone numbers and web addresses ------------------------------------

/** The region of an ISO code in a table's phones (domain.PhoneRegionOf). */
export function phoneRegionOf(rules: RuleSet, region: string): PhoneRegion | undefined {
  return rules.phones?.find((r) => r.region === region);
}

/** The main region of a calling code ("+1" → "US"), or '' (domain.MainPhoneRegion). */
export function mainPhoneRegion(rules: RuleSet, code: string): string {
  return rules.phones?.find((r) => r.code === code && r.main)?.region ?? '';
}

/** A number's digits without the trunk prefix it was written with, when only that makes its length possible (domain.NormalizePhoneNumber). */
export function normalizePhoneNumber(rules: RuleSet, region: string, digits: string): string {
  const r = phoneRegionOf(rules, region);
  if (!r?.trunk || r.lengths.includes(digits.length)) return digits;
  const rest = digits.slice(r.trunk.length);
  return digits.startsWith(r.trunk) && r.lengths.includes(rest.length) ? rest : digits;
}

/** Possible lengths in words: "10", "9 or 10", "5 to 15", "7, 9 or 10" (domain.LengthsText). */
export function lengthsText(lengths: readonly number[]): string {
  const n = lengths.length;
  if (n === 0) return '';
  if (n >= 3 && lengths[n - 1]! - lengths[0]! === n - 1) return `${lengths[0]} to ${lengths[n - 1]}`;
  return n === 1 ? String(lengths[0]) : `${lengths.slice(0, -1).join(', ')} or ${lengths[n - 1]}`;
}

function phoneLengthProblem(rules: RuleSet, rule: FieldRule, region: string, digits: string): string {
  const r = phoneRegionOf(rules, region);
  if (!r || r.lengths.includes(digits.length)) return '';
  return (rule.messages.length ?? '').replace('{country}', r.inName || r.name).replace('{lengths}', lengthsText(r.lengths));
}

/** A scheme's shape (RFC 3986), without dots: see normalizeWebAddress. */
const schemePattern = /^[A-Za-z][A-Za-z0-9+-]*$/;

/**
 * An address typed without its scheme completed with https://, an http or
 * https scheme lower-cased; any other scheme left for the rules to refuse
 * (domain.NormalizeWebAddress). value is trimmed already.
 */
export function normalizeWebAddress(value: string): string {
  if (value === '') return value;
  if (value.startsWith('//')) return `https:${value}`;
  const i = value.indexOf(':');
  if (i > 0 && schemePattern.test(value.slice(0, i))) {
    const lower = value.slice(0, i).toLowerCase();
    return lower === 'http' || lower === 'https' ? lower + value.slice(i) : value;
  }
  return `https://${value}`;
}

// ---- files ------------------------------------------------------------

const indexPattern = /^(?:0|[1-9][0-9]{0,3})$/;

/** The rule of a file part ("resume", "certification.0"), if the form sends such a part. */
export function fileRule(rules: RuleSet, part: string): FieldRule | undefined {
  return rules.fields.find((r) => {
    if (r.kind !== 'file') return false;
    if (!r.path.endsWith('*')) return r.path === part;
    const prefix = r.path.slice(0, -1);
    return part.startsWith(prefix) && indexPattern.test(part.slice(prefix.length));
  });
}

/** The problem of a file under its rule, or '' (domain's fileProblem). */
export function fileMetaProblem(rule: FieldRule, file: FileMeta): string {
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

// ---- checking ---------------------------------------------------------

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

/** The problems found so far; the first message of a path stands. */
class Found {
  readonly problems: Problems = {};

  add(path: string, msg: string | undefined): void {
    if (msg && !Object.hasOwn(this.problems, path)) this.problems[path] = msg;
  }
}

/** The number of entries a list claims, 0 when unreadable. */
function count(fields: Record<string, string>, list: string): number {
  const n = Number(fields[list] ?? '');
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

/** How many entries of a list are checked: no more than the list's limit. */
function entries(rules: RuleSet, fields: Record<string, string>, list: string): number {
  return Math.min(count(fields, list), ruleOf(rules, list)?.max ?? 0);
}

/**
 * Every problem of a form's flattened, normalised fields (domain.ValidateForm),
 * file rules aside (validateFiles). today is YYYY-MM-DD; when it is not a
 * date (a form without dates passes ''), the date bounds are not checked.
 */
export function validateForm(rules: RuleSet, fields: Record<string, string>, todayIn: string): Problems {
  const today = validDate(todayIn) ? todayIn : '';
  const found = new Found();
  for (const rule of rules.fields) {
    if (rule.kind === 'count') {
      if (count(fields, rule.path) > (rule.max ?? Infinity)) found.add(rule.path, rule.messages.tooMany);
    } else if (rule.kind === 'file') {
      // validateFiles
    } else if (rule.list) {
      for (let i = 0; i < entries(rules, fields, rule.list); i++) {
        if (i === 0 && ruleOf(rules, rule.list)?.ignoreBlankFirst && isBlankEntry(rules, fields, rule.list, 0)) continue;
        const path = rule.path.replace('*', String(i));
        found.add(path, valueProblem(rules, rule, fields[path] ?? '', `${rule.list}.${i}.`, fields, today));
      }
    } else {
      found.add(rule.path, valueProblem(rules, rule, fields[rule.path] ?? '', '', fields, today));
    }
  }
  return found.problems;
}

/**
 * Every problem of the documents that come with a form (domain.ValidateFiles):
 * files maps part names ("resume", "certification.0") to the chosen files;
 * fields are the form's, for the number of entries a list's documents belong to.
 */
export function validateFiles(rules: RuleSet, fields: Record<string, string>, files: Map<string, FileMeta>): Problems {
  const found = new Found();
  for (const rule of rules.fields) {
    if (rule.kind === 'file') checkFiles(rules, rule, fields, files, found);
  }
  for (const part of files.keys()) if (!fileRule(rules, part)) found.add(part, rules.unexpectedFile);
  return found.problems;
}

/**
 * Whether every field of entry i of a list is empty, the fields its count
 * rule's blankIgnores names excepted (domain.IsBlankEntry). A blank first
 * entry of a list with ignoreBlankFirst is not checked and should not be stored.
 */
export function isBlankEntry(rules: RuleSet, fields: Record<string, string>, list: string, i: number): boolean {
  const ignores = ruleOf(rules, list)?.blankIgnores ?? [];
  const wild = `${list}.*.`;
  return rules.fields.every((r) => {
    if (r.list !== list || r.kind === 'file') return true;
    if (ignores.includes(r.path.slice(wild.length))) return true;
    return !fields[r.path.replace(wild, `${list}.${i}.`)];
  });
}

function checkFiles(rules: RuleSet, rule: FieldRule, fields: Record<string, string>, files: Map<string, FileMeta>, found: Found): void {
  if (!rule.list) {
    const f = files.get(rule.path);
    if (!f) {
      if (rule.required) found.add(rule.path, rule.messages.required);
    } else {
      found.add(rule.path, fileMetaProblem(rule, f));
    }
    return;
  }
  const prefix = rule.path.slice(0, -1);
  const n = entries(rules, fields, rule.list);
  for (const [part, f] of files) {
    const i = part.slice(prefix.length);
    if (!part.startsWith(prefix) || !indexPattern.test(i)) continue;
    found.add(part, Number(i) >= n ? rule.messages.unexpected : fileMetaProblem(rule, f));
  }
  if (rule.required) {
    for (let i = 0; i < n; i++) if (!files.has(prefix + i)) found.add(prefix + i, rule.messages.required);
  }
}

function valueProblem(
  rules: RuleSet,
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
  if (rule.kind === 'nationalId') value = normalizeNationalId(rules, fields[rule.formatBy ?? ''] ?? '', value);
  if (value === '') {
    return rule.required || holds(rule.requiredWhen, sibling, fields) ? (m.required ?? '') : '';
  }
  const n = charCount(value);
  if (n < (rule.min ?? 0)) return m.tooShort ?? '';
  if (rule.max && n > rule.max) return m.tooLong ?? '';
  if (rule.kind === 'text') {
    if (controlExceptNewline.test(value) || (rule.noBidi && bidiControl.test(value))) return m.chars ?? '';
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
    case 'phone':
      return phoneLengthProblem(rules, rule, fields[rule.regionBy ?? ''] ?? '', value);
    case 'nationalId': {
      // An unknown type has the type field's message, and the number none.
      const f = idFormat(rules, fields[rule.formatBy ?? ''] ?? '');
      return f ? nationalIdProblem(rules, f, value) : '';
    }
  }
  return '';
}

/** Bidirectional overrides and isolates (domain's hasBidiControl), which text with noBidi refuses. */
const bidiControl = /[\u202a-\u202e\u2066-\u2069]/u;

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
