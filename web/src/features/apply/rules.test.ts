import { describe, expect, it } from 'vitest';
import table from '../../../../internal/domain/testdata/application-cases.json';
import { type ApplicationRequest } from '../../gen/wire';
import { APPLICATION_RULES } from '../../gen/apply-rules';
import { validateForm } from '../../lib/form-rules';
import {
  applicationToday,
  fileProblem,
  acceptFor,
  flattenApplication,
  normalizeApplication,
  ruleFor,
  validateApplication,
  type ApplicationFiles,
} from './rules';


type Meta = { name: string; size: number };

interface SharedCase {
  name: string;
  set?: Record<string, unknown>;
  files?: Record<string, Meta | null>;
  noFiles?: boolean;
  want: Record<string, string>;
}

/** A stand-in for a chosen File: the rules read its name and size only. */
const file = (m: Meta) => m as unknown as File;

/** Sets a dotted path as the Go runner does: a numeric segment indexes a list, one past its end appends. */
function setPath(doc: Record<string, unknown>, path: string, value: unknown): void {
  const segs = path.split('.');
  let cur: unknown = doc;
  for (const seg of segs.slice(0, -1)) cur = (cur as Record<string, unknown>)[seg];
  const last = segs[segs.length - 1] ?? '';
  if (Array.isArray(cur)) {
    const i = Number(last);
    if (!Number.isInteger(i) || i > cur.length) throw new Error(`index ${last} of a list of ${cur.length}`);
    cur[i] = value;
  } else {
    (cur as Record<string, unknown>)[last] = value;
  }
}

function build(c: SharedCase): { req: ApplicationRequest; files: ApplicationFiles | null } {
  const doc = structuredClone(table.application) as unknown as Record<string, unknown>;
  for (const path of Object.keys(c.set ?? {}).sort()) setPath(doc, path, structuredClone(c.set?.[path]));
  const req = doc as unknown as ApplicationRequest;
  if (c.noFiles) return { req, files: null };
  const metas: Record<string, Meta | null> = { ...table.files, ...c.files };
  const files: ApplicationFiles = { resume: null, nationalIdDocument: null, certifications: [] };
  for (const [part, m] of Object.entries(metas)) {
    if (!m) continue;
    if (part === 'resume') files.resume = file(m);
    else if (part === 'nationalIdDocument') files.nationalIdDocument = file(m);
    else if (part.startsWith('certification.')) files.certifications[Number(part.slice('certification.'.length))] = file(m);
    else throw new Error(`unknown part ${part}`);
  }
  for (let i = 0; i < files.certifications.length; i++) files.certifications[i] ??= null;
  return { req, files };
}

describe('the shared application cases', () => {
  const cases = table.cases as SharedCase[];

  it('are many and cover what the server runs', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
  });

  // The same table runs through Go (internal/domain/application_cases_test.go).
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const { req, files } = build(c);
    expect(validateApplication(req, files, table.today)).toEqual(c.want);
  });

  it('flatten the base application as the server does', () => {
    const { req } = build({ name: 'base', want: {} });
    expect(flattenApplication(normalizeApplication(req))).toEqual(table.flattened);
  });
});

describe('normalizeApplication', () => {
  const { req } = build({ name: 'base', want: {} });

  it('trims as Go does, keeps the e-mail case, keeps digits of the phone', () => {
    const n = normalizeApplication({
      ...req,
      firstName: '\u0085 Asha\u00a0',
      email: ' Asha@Example.com ',
      phoneNumber: '+91 (98765) 43210',
      address: '\r\n12 Lake Road\r\nUppal\r',
      skills: [' Go '],
    });
    expect(n.firstName).toBe('Asha');
    expect(n.email).toBe('Asha@Example.com');
    expect(n.phoneNumber).toBe('919876543210');
    expect(n.address).toBe('12 Lake Road\nUppal');
    expect(n.skills).toEqual(['Go']);
  });

  it('keeps a byte order mark, which Go does not trim (String.trim would)', () => {
    expect(normalizeApplication({ ...req, firstName: '\ufeffAsha' }).firstName).toBe('\ufeffAsha');
  });

  it('only trims the national ID number, whose canonical form the rules judge', () => {
    expect(normalizeApplication({ ...req, nationalIdType: ' PAN ', nationalIdNumber: ' abcpe 1234 f' }).nationalIdNumber).toBe(
      'abcpe 1234 f',
    );
  });

  it('leaves the request it is given alone and is idempotent', () => {
    const input = { ...req, firstName: ' Asha ', workExperiences: [{ ...req.workExperiences[0]!, jobTitle: ' Dev ' }] };
    const once = normalizeApplication(input);
    expect(input.firstName).toBe(' Asha ');
    expect(input.workExperiences[0]!.jobTitle).toBe(' Dev ');
    expect(once.workExperiences[0]!.jobTitle).toBe('Dev');
    expect(normalizeApplication(once)).toEqual(once);
  });
});

describe('national ID numbers', () => {
  it('gives the messages of the table for each ID type', () => {
    const formats = APPLICATION_RULES.nationalIds;
    const { req } = build({ name: 'base', want: {} });
    const fields = flattenApplication(normalizeApplication(req));
    const problems = (nationalIdType: string, nationalIdNumber: string) =>
      validateForm(APPLICATION_RULES, { ...fields, nationalIdType, nationalIdNumber }, table.today);
    expect(problems('Aadhar', '2345 6789 0124')).toEqual({});
    expect(problems('Aadhar', '2345 6789 0128')).toEqual({ nationalIdNumber: formats[0].checkMessage });
    expect(problems('PAN', 'ABCDE1234')).toEqual({ nationalIdNumber: formats[1].message });
    expect(problems('Driving License', 'KA0120150012345')).toEqual({});
    expect(problems('Passport', 'K1234567')).toEqual({ nationalIdType: 'Choose one of the listed types of ID.' });
  });
});

describe('fileProblem', () => {
  it('refuses a wrong file the moment it is chosen', () => {
    expect(fileProblem('resume', file({ name: 'cv.pdf', size: 1 }))).toBe('');
    expect(fileProblem('resume', file({ name: 'cv.png', size: 1 }))).toBe('Your resume must be a PDF, DOC or DOCX file.');
    expect(fileProblem('nationalIdDocument', file({ name: 'id.JPG', size: 5 * 1024 * 1024 }))).toBe('');
    expect(fileProblem('certification.3', file({ name: 'c.pdf', size: 5 * 1024 * 1024 + 1 }))).toBe(
      'A certification document must be at most 5 MB.',
    );
  });

  it('knows only the parts of the form', () => {
    expect(fileProblem('photo', file({ name: 'me.png', size: 1 }))).toBe('This file was not expected.');
    expect(fileProblem('certification.01', file({ name: 'c.pdf', size: 1 }))).toBe('This file was not expected.');
    expect(fileProblem('certification.', file({ name: 'c.pdf', size: 1 }))).toBe('This file was not expected.');
  });
});

describe('the rest of the rules', () => {
  it('finds the rule of a concrete path for the inputs of the form', () => {
    expect(ruleFor('educations.3.score')?.decimals).toBe(2);
    expect(ruleFor('skills.12')?.max).toBe(50);
    expect(ruleFor('firstName')?.required).toBe(true);
    expect(ruleFor('certification.1')?.kind).toBe('file');
    expect(ruleFor('nothing')).toBeUndefined();
    expect(acceptFor('resume')).toBe('.pdf,.doc,.docx');
    expect(acceptFor('certification.0')).toBe('.pdf,.jpg,.jpeg,.png');
  });



  it('refuses a lone surrogate, which the server receives as U+FFFD', () => {
    // Not in the shared file: Vite's JSON loader refuses lone surrogate escapes.
    // The shared case "first name with a replacement character" is what Go sees.
    const { req } = build({ name: 'base', want: {} });
    expect(validateApplication({ ...req, firstName: 'Asha\ud800' }, null, table.today)).toEqual({
      firstName: 'Use a single line without special characters.',
    });
    expect(validateApplication({ ...req, address: 'Uppal\udc00' }, null, table.today)).toEqual({
      address: 'Remove the special characters (such as control codes) from this text.',
    });
  });

  it("takes today's date from the visitor's clock", () => {
    expect(applicationToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('skips the date bounds when today is not a date', () => {
    const { req } = build({ name: 'base', want: {} });
    expect(validateApplication({ ...req, availabilityDate: '1999-01-01' }, null, 'yesterday')).toEqual({});
    expect(validateApplication({ ...req, availabilityDate: '1999-01-01' }, null, table.today)).toEqual({
      availabilityDate: 'The date you can start cannot be in the past.',
    });
  });
});
