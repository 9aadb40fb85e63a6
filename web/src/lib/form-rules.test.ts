import { describe, expect, it } from 'vitest';
import emailTable from '../../../internal/domain/testdata/email-cases.json';
import { APPLICATION_RULES } from '../gen/apply-rules';
import { COMMENT_RULES } from '../gen/comment-rules';
import { CONTACT_RULES } from '../gen/contact-rules';
import type { RuleSet } from '../gen/wire';
import {
  isBlankEntry,
  lengthsText,
  mainPhoneRegion,
  normalizeNationalId,
  normalizePhoneNumber,
  normalizeWebAddress,
  ruleOf,
  validateForm,
  verhoeffCheckDigit,
  verhoeffValid,
} from './form-rules';

// Typed, not cast: a change of a generated table's shape fails to compile here.
const TABLES: Record<string, RuleSet> = { APPLICATION_RULES, CONTACT_RULES, COMMENT_RULES };

describe('the rules tables', () => {
  it.each(Object.entries(TABLES))('%s: every pattern compiles as a JavaScript RegExp with the u flag', (_name, rules) => {
    const sources = [...rules.fields.flatMap((r) => (r.pattern ? [r.pattern] : [])), ...(rules.nationalIds ?? []).flatMap((f) => f.patterns)];
    expect(sources.length).toBeGreaterThan(0);
    for (const s of sources) expect(() => new RegExp(s, 'u')).not.toThrow();
  });

  // The same table runs through Go's domain.ValidEmail and the e-mail rules (form_cases_test.go).
  it.each(Object.entries(TABLES))('%s: the e-mail rule accepts what the server accepts', (_name, rules) => {
    const rule = ruleOf(rules, 'email');
    expect(rule?.kind).toBe('email');
    const only: RuleSet = { fields: rule ? [rule] : [] };
    for (const { email, valid } of emailTable.cases) expect([email, validateForm(only, { email }, '').email === undefined]).toEqual([email, valid]);
  });

  it('finds a rule by the path the table writes', () => {
    expect(ruleOf(CONTACT_RULES, 'message')?.min).toBe(10);
    expect(ruleOf(COMMENT_RULES, 'comment')?.noBidi).toBe(true);
    expect(ruleOf(CONTACT_RULES, 'website')).toBeUndefined();
  });
});

describe('validateForm', () => {
  const rules: RuleSet = {
    fields: [
      { path: 'line', kind: 'line', required: true, min: 2, max: 5, messages: { required: 'R', tooShort: 'S', tooLong: 'L', chars: 'C' } },
      { path: 'text', kind: 'text', max: 20, noBidi: true, messages: { tooLong: 'L', chars: 'C' } },
      { path: 'plain', kind: 'text', messages: { chars: 'C' } },
    ],
  };
  const check = (fields: Record<string, string>) => validateForm(rules, { line: 'abc', ...fields }, '');

  it('checks in the order of the table: empty, length, characters', () => {
    expect(check({})).toEqual({});
    expect(check({ line: '' })).toEqual({ line: 'R' });
    expect(check({ line: 'a' })).toEqual({ line: 'S' });
    expect(check({ line: '\u0000' })).toEqual({ line: 'S' });
    expect(check({ line: '😀😀' })).toEqual({});
    expect(check({ line: 'abcdef' })).toEqual({ line: 'L' });
    expect(check({ line: 'a\nb' })).toEqual({ line: 'C' });
  });

  it('refuses bidi controls only in text that says so', () => {
    expect(check({ text: 'a\u202eb', plain: 'a\u202eb' })).toEqual({ text: 'C' });
    expect(check({ text: 'a\u2066b\u2069' })).toEqual({ text: 'C' });
    expect(check({ text: 'line\nnext\ttab', plain: 'a\u200bb' })).toEqual({});
    expect(check({ plain: 'a\u0007' })).toEqual({ plain: 'C' });
  });

  it('refuses a lone surrogate, which the server receives as U+FFFD', () => {
    // Not in the shared files: Vite's JSON loader refuses lone surrogate escapes.
    expect(check({ line: 'ab\ud800' })).toEqual({ line: 'C' });
    expect(check({ text: 'ab\udc00' })).toEqual({ text: 'C' });
  });
});

describe('national ID numbers', () => {
  it('are brought to their canonical form by the type format', () => {
    expect(normalizeNationalId(APPLICATION_RULES, 'Aadhar', ' 2345 6789 0124 ')).toBe('234567890124');
    expect(normalizeNationalId(APPLICATION_RULES, 'PAN', ' abcpe 1234 f')).toBe('ABCPE1234F');
    expect(normalizeNationalId(APPLICATION_RULES, 'Driving License', 'mh14 2011')).toBe('MH14 2011');
    expect(normalizeNationalId(APPLICATION_RULES, 'Passport', ' k12 ')).toBe('k12');
  });
});

describe('Verhoeff', () => {
  const valid = (digits: string) => verhoeffValid(APPLICATION_RULES, digits);
  const checkDigit = (digits: string) => verhoeffCheckDigit(APPLICATION_RULES, digits);

  it('agrees with the published example and the check digits the Go side computes', () => {
    expect(checkDigit('236')).toBe('3');
    expect(valid('2363')).toBe(true);
    expect(valid('2364')).toBe(false);
    expect(checkDigit('23456789012')).toBe('4');
    expect(checkDigit('')).toBeNull();
    expect(checkDigit('12a')).toBeNull();
    expect(valid('')).toBe(false);
  });

  it('catches every single-digit change and adjacent swap of a number', () => {
    const n = '498765432102';
    expect(valid(n)).toBe(true);
    for (let i = 0; i < n.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === n[i]) continue;
        expect(valid(n.slice(0, i) + d + n.slice(i + 1))).toBe(false);
      }
      if (i + 1 < n.length && n[i] !== n[i + 1]) {
        expect(valid(n.slice(0, i) + n[i + 1] + n[i] + n.slice(i + 2))).toBe(false);
      }
    }
  });

  it('knows no check digit without the tables', () => {
    expect(verhoeffValid(CONTACT_RULES, '2363')).toBe(false);
  });
});

describe('isBlankEntry', () => {
  it('judges a first entry blank by its fields, the default score type aside', () => {
    const blank = { educations: '1', 'educations.0.level': '', 'educations.0.scoreType': 'cgpa' };
    expect(isBlankEntry(APPLICATION_RULES, blank, 'educations', 0)).toBe(true);
    expect(isBlankEntry(APPLICATION_RULES, { ...blank, 'educations.0.location': 'Goa' }, 'educations', 0)).toBe(false);
  });
});

// The same values as domain's phone_test.go: the two sides complete addresses and read phone numbers alike.
describe('web addresses and phone numbers', () => {
  it.each([
    ['', ''],
    ['linkedin.com/in/asha-rao', 'https://linkedin.com/in/asha-rao'],
    ['www.example.in', 'https://www.example.in'],
    ['example.in:8080/x', 'https://example.in:8080/x'],
    ['//example.in', 'https://example.in'],
    ['http://example.in', 'http://example.in'],
    ['Https://example.in/A', 'https://example.in/A'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['mailto:a@example.in', 'mailto:a@example.in'],
    ['localhost:8080', 'localhost:8080'],
  ])('completes %j as %j', (typed, want) => {
    expect(normalizeWebAddress(typed)).toBe(want);
  });

  it('writes possible lengths in words', () => {
    expect([[10], [9, 10], [9, 11], [7, 9, 10], [5, 6, 7], []].map(lengthsText)).toEqual(['10', '9 or 10', '9 or 11', '7, 9 or 10', '5 to 7', '']);
  });

  it('drops a trunk prefix only when that makes the length possible', () => {
    expect(normalizePhoneNumber(APPLICATION_RULES, 'IN', '09876543210')).toBe('9876543210');
    expect(normalizePhoneNumber(APPLICATION_RULES, 'IN', '0987654321')).toBe('0987654321');
    expect(normalizePhoneNumber(APPLICATION_RULES, 'IT', '0612345678')).toBe('0612345678');
    expect(normalizePhoneNumber(APPLICATION_RULES, 'XX', '0123')).toBe('0123');
    expect([mainPhoneRegion(APPLICATION_RULES, '+1'), mainPhoneRegion(APPLICATION_RULES, '+44'), mainPhoneRegion(APPLICATION_RULES, '+999')]).toEqual(['US', 'GB', '']);
  });
});
