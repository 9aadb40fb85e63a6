// The contact form's checks in the browser. The rules (limits, e-mail
// pattern) and their messages are the Go server's, read from the generated
// contract; the server checks them again and its 422 answer carries the
// same messages per field.
import { CONTACT_LIMITS, CONTACT_MESSAGES, EMAIL_PATTERN_SOURCE } from '../../gen/wire';

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;

export type ContactField = (typeof CONTACT_FIELDS)[number];

export type ContactValues = Record<ContactField, string>;

/** Field → message, for the fields that failed. */
export type ContactErrors = Partial<Record<ContactField, string>>;

const EMAIL_PATTERN = new RegExp(EMAIL_PATTERN_SOURCE);

/** Whether the server will take s as an e-mail address (domain.ValidEmail). */
export function validEmail(s: string): boolean {
  // The pattern admits ASCII only, so UTF-16 lengths are Go's byte lengths here.
  const at = s.indexOf('@');
  return s.length <= CONTACT_LIMITS.emailMax && at >= 0 && at <= CONTACT_LIMITS.emailLocalMax && EMAIL_PATTERN.test(s);
}

/** Length in code points, as Go's utf8.RuneCountInString counts. */
export function charCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** The values as they are sent: surrounding white space removed. */
export function trimContact(values: ContactValues): ContactValues {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    subject: values.subject.trim(),
    message: values.message.trim(),
  };
}

/** The first problem of each field (empty object when all is well), checked on trimmed values. */
export function validateContact(values: ContactValues): ContactErrors {
  const v = trimContact(values);
  const m = CONTACT_MESSAGES;
  const L = CONTACT_LIMITS;
  const errors: ContactErrors = {};

  if (!v.name) errors.name = m.nameRequired;
  else if (charCount(v.name) > L.nameMax) errors.name = m.nameTooLong;

  if (!v.email) errors.email = m.emailRequired;
  else if (charCount(v.email) > L.emailMax) errors.email = m.emailTooLong;
  else if (!validEmail(v.email)) errors.email = m.emailInvalid;

  if (!v.subject) errors.subject = m.subjectRequired;
  else if (charCount(v.subject) > L.subjectMax) errors.subject = m.subjectTooLong;

  if (!v.message) errors.message = m.messageRequired;
  else if (charCount(v.message) < L.messageMin) errors.message = m.messageTooShort;
  else if (charCount(v.message) > L.messageMax) errors.message = m.messageTooLong;

  return errors;
}

/** The first field, in form order, that has an error. */
export function firstInvalid(errors: ContactErrors): ContactField | undefined {
  return CONTACT_FIELDS.find((f) => errors[f]);
}
