// The contact form's checks in the browser: its values trimmed as the
// server trims them (domain.ContactMessage.Normalize), then CONTACT_RULES,
// the Go server's table (generated into gen/contact-rules.ts), through the
// forms' shared interpreter. The server checks them again and its 422
// answer carries the same messages per field; the cases in
// internal/domain/testdata/contact-cases.json run through both.
import { CONTACT_RULES } from '../../gen/contact-rules';
import { ruleOf, validateForm } from '../../lib/form-rules';
import { trimGo } from '../../lib/text-rules';

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;

export type ContactField = (typeof CONTACT_FIELDS)[number];

export type ContactValues = Record<ContactField, string>;

/** Field → message, for the fields that failed. */
export type ContactErrors = Partial<Record<ContactField, string>>;

/** The fewest characters of a message, for the form's hint. */
export const MESSAGE_MIN = ruleOf(CONTACT_RULES, 'message')?.min ?? 0;

/** The values as they are sent: trimmed as the server trims, line breaks of the message unified. */
export function trimContact(values: ContactValues): ContactValues {
  return {
    name: trimGo(values.name),
    email: trimGo(values.email),
    subject: trimGo(values.subject),
    message: trimGo(values.message.replaceAll('\r\n', '\n')),
  };
}

/** The first problem of each field (empty object when all is well), checked on trimmed values. */
export function validateContact(values: ContactValues): ContactErrors {
  return validateForm(CONTACT_RULES, trimContact(values), '');
}
