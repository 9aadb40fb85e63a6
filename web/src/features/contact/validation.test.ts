import { describe, expect, it } from 'vitest';
import contactTable from '../../../../internal/domain/testdata/contact-cases.json';
import { CONTACT_RULES } from '../../gen/contact-rules';
import { ruleOf } from '../../lib/form-rules';
import { MESSAGE_MIN, trimContact, validateContact, type ContactValues } from './validation';

const ok = { name: 'Asha Rao', email: 'asha@example.com', subject: 'A new app', message: 'We need a booking app.' };

/** The table's words for a field's failed check. */
const words = (path: string, check: string) => ruleOf(CONTACT_RULES, path)?.messages[check];

describe('validateContact', () => {
  it('accepts a complete message', () => {
    expect(validateContact(ok)).toEqual({});
  });

  it('requires every field, ignoring surrounding spaces, in the server words', () => {
    expect(validateContact({ name: ' ', email: '', subject: '\n', message: '   ' })).toEqual({
      name: 'Enter your name.',
      email: 'Enter your e-mail address.',
      subject: 'Enter a subject.',
      message: 'Enter a message.',
    });
  });

  it('reads the least message length for the hint from the table', () => {
    expect(MESSAGE_MIN).toBe(10);
    expect(validateContact({ ...ok, message: 'x'.repeat(9) }).message).toBe(words('message', 'tooShort'));
  });

  it('trims what is sent as the server trims', () => {
    expect(trimContact({ name: ' A\u0085', email: ' a@b.co ', subject: '\tHi ', message: ' one\r\ntwo \n' })).toEqual({
      name: 'A',
      email: 'a@b.co',
      subject: 'Hi',
      message: 'one\ntwo',
    });
  });
});

// The same table runs through Go's domain.ContactMessage Normalize and
// Validate (internal/domain/form_cases_test.go): the form never accepts
// what the server refuses, nor refuses what it accepts, and uses its words.
describe('the shared contact cases', () => {
  it.each(contactTable.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const values = { ...contactTable.contact, ...('set' in c ? c.set : {}) } as ContactValues;
    expect(validateContact(values)).toEqual(c.want);
  });
});
