import { describe, expect, it } from 'vitest';
import emailTable from '../../../../internal/domain/testdata/email-cases.json';
import { CONTACT_LIMITS, CONTACT_MESSAGES as M } from '../../gen/wire';
import { charCount, firstInvalid, validEmail, validateContact } from './validation';

const ok = { name: 'Asha Rao', email: 'asha@example.com', subject: 'A new app', message: 'We need a booking app.' };

describe('validateContact', () => {
  it('accepts a complete message', () => {
    expect(validateContact(ok)).toEqual({});
  });

  it('requires every field, ignoring surrounding spaces', () => {
    expect(validateContact({ name: ' ', email: '', subject: '\n', message: '   ' })).toEqual({
      name: M.nameRequired,
      email: M.emailRequired,
      subject: M.subjectRequired,
      message: M.messageRequired,
    });
  });

  it.each(['asha', 'asha@', '@example.com', 'asha@example', 'asha@example.c', 'as ha@example.com', 'a@b@example.com', 'asha@.com'])(
    'rejects the e-mail %s',
    (email) => expect(validateContact({ ...ok, email }).email).toBe(M.emailInvalid),
  );

  it.each(['a@example.co', 'first.last+tag@mail.example.org', 'x_y@sub.domain.in'])('accepts the e-mail %s', (email) =>
    expect(validateContact({ ...ok, email }).email).toBeUndefined(),
  );

  // The same table runs through Go's domain.ValidEmail (email_cases_test.go).
  it.each(emailTable.cases)('agrees with the server on $email', ({ email, valid }) => {
    expect(validEmail(email)).toBe(valid);
  });

  it('applies the length limits at their edges', () => {
    const L = CONTACT_LIMITS;
    expect(L).toEqual({ nameMax: 100, emailMax: 254, emailLocalMax: 64, subjectMax: 150, messageMin: 10, messageMax: 5000 });
    const at = (n: number) => 'x'.repeat(n);
    // An address of n characters with a short local part and long domain labels.
    const address = (n: number) => `a@${`${'b'.repeat(63)}.`.repeat(3)}${'b'.repeat(n - 198)}.com`;
    expect(validateContact({ ...ok, name: at(100) }).name).toBeUndefined();
    expect(validateContact({ ...ok, name: at(101) }).name).toBe(M.nameTooLong);
    expect(validateContact({ ...ok, email: address(254) }).email).toBeUndefined();
    expect(validateContact({ ...ok, email: address(255) }).email).toBe(M.emailTooLong);
    expect(validateContact({ ...ok, email: `${at(64)}@example.com` }).email).toBeUndefined();
    expect(validateContact({ ...ok, email: `${at(65)}@example.com` }).email).toBe(M.emailInvalid);
    expect(validateContact({ ...ok, subject: at(150) }).subject).toBeUndefined();
    expect(validateContact({ ...ok, subject: at(151) }).subject).toBe(M.subjectTooLong);
    expect(validateContact({ ...ok, message: at(9) }).message).toBe(M.messageTooShort);
    expect(validateContact({ ...ok, message: at(10) }).message).toBeUndefined();
    expect(validateContact({ ...ok, message: at(5000) }).message).toBeUndefined();
    expect(validateContact({ ...ok, message: at(5001) }).message).toBe(M.messageTooLong);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(charCount('😀😀')).toBe(2);
    expect(validateContact({ ...ok, name: '😀'.repeat(100) }).name).toBeUndefined();
  });

  it('names the first invalid field in form order', () => {
    expect(firstInvalid({ message: 'x', email: 'y' })).toBe('email');
    expect(firstInvalid({})).toBeUndefined();
  });
});
