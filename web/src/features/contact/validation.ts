// The contact form's rules and their messages: the one place for them on
// the web side. The Go server (POST /api/contact) checks the same rules
// with the same words, and its 422 answer carries these messages per field;
// keep the two copies in step.

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;

export type ContactField = (typeof CONTACT_FIELDS)[number];

export type ContactValues = Record<ContactField, string>;

/** Field → message, for the fields that failed. */
export type ContactErrors = Partial<Record<ContactField, string>>;

/** Length limits in characters (Unicode code points) of the trimmed values. */
export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  subjectMax: 150,
  messageMin: 10,
  messageMax: 5000,
} as const;

/**
 * A practical e-mail check, not RFC 5322: something without spaces or @,
 * an @, then a domain of dot-separated labels ending in a label of two or
 * more characters. Same pattern on the server.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[^\s@.]{2,}$/;

export const CONTACT_MESSAGES = {
  nameRequired: 'Enter your name.',
  nameTooLong: `Name must be at most ${CONTACT_LIMITS.nameMax} characters.`,
  emailRequired: 'Enter your e-mail address.',
  emailInvalid: 'Enter a valid e-mail address.',
  emailTooLong: `E-mail address must be at most ${CONTACT_LIMITS.emailMax} characters.`,
  subjectRequired: 'Enter a subject.',
  subjectTooLong: `Subject must be at most ${CONTACT_LIMITS.subjectMax} characters.`,
  messageRequired: 'Enter a message.',
  messageTooShort: `Message must be at least ${CONTACT_LIMITS.messageMin} characters.`,
  messageTooLong: `Message must be at most ${CONTACT_LIMITS.messageMax} characters.`,
} as const;

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
  else if (!EMAIL_PATTERN.test(v.email)) errors.email = m.emailInvalid;

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
