// The comment form's checks in the browser (spec §5: name, e-mail and
// comment are required; the website is an optional http(s) address). The
// server checks again and its 422 answer carries a message per field.
import { COMMENT_LIMITS, COMMENT_MESSAGES, EMAIL_PATTERN_SOURCE, URL_PATTERN_SOURCE } from '../../gen/wire';
import { charCount, controlExceptNewline, hasInvisibleFormat, lineBreakOrControl, trimGo } from '../../lib/text-rules';

/** The form's fields, in form order. */
export const COMMENT_FIELDS = ['name', 'email', 'website', 'comment'] as const;

export type CommentField = (typeof COMMENT_FIELDS)[number];

export type CommentValues = Record<CommentField, string>;

/** Field → message, for the fields that failed. */
export type CommentErrors = Partial<Record<CommentField, string>>;

const EMAIL_PATTERN = new RegExp(EMAIL_PATTERN_SOURCE);
const WEBSITE_PATTERN = new RegExp(URL_PATTERN_SOURCE);
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u;

/** Whether the server will take s as an e-mail address (domain.ValidEmail). */
export function validEmail(s: string): boolean {
  // The pattern admits ASCII only, so UTF-16 lengths are Go's byte lengths here.
  const at = s.indexOf('@');
  return s.length <= COMMENT_LIMITS.emailMax && at >= 0 && at <= COMMENT_LIMITS.emailLocalMax && EMAIL_PATTERN.test(s);
}

/** The values as they are sent: trimmed as the server trims (Comment.Normalize). */
export function trimComment(values: CommentValues): CommentValues {
  return {
    name: trimGo(values.name),
    email: trimGo(values.email),
    website: trimGo(values.website),
    comment: trimGo(values.comment.replaceAll('\r\n', '\n')),
  };
}

/** A required one-line field's problem, as the server's singleLine judges it. */
function singleLine(value: string, missing: string, tooLong: string, max: number): string | undefined {
  if (!value) return missing;
  if (charCount(value) > max) return tooLong;
  if (lineBreakOrControl.test(value) || hasInvisibleFormat(value)) return COMMENT_MESSAGES.singleLine;
  return undefined;
}

/**
 * The first problem of each field (empty object when all is well), checked
 * on trimmed values, rule for rule as domain.Comment.Validate; the shared
 * cases in internal/domain/testdata/comment-cases.json run through both.
 */
export function validateComment(values: CommentValues): CommentErrors {
  const v = trimComment(values);
  const m = COMMENT_MESSAGES;
  const L = COMMENT_LIMITS;
  const errors: CommentErrors = {};

  const name = singleLine(v.name, m.nameRequired, m.nameTooLong, L.nameMax);
  if (name) errors.name = name;

  const email = singleLine(v.email, m.emailRequired, m.emailTooLong, L.emailMax);
  if (email) errors.email = email;
  else if (!validEmail(v.email)) errors.email = m.emailInvalid;

  if (v.website) {
    if (charCount(v.website) > L.websiteMax) errors.website = m.websiteTooLong;
    else if (!WEBSITE_PATTERN.test(v.website)) errors.website = m.websiteInvalid;
  }

  if (!v.comment) errors.comment = m.commentRequired;
  else if (charCount(v.comment) > L.commentMax) errors.comment = m.commentTooLong;
  else if (controlExceptNewline.test(v.comment) || BIDI_CONTROL.test(v.comment)) errors.comment = m.specialChars;

  return errors;
}

/** The first field, in form order, that has an error. */
export function firstInvalid(errors: CommentErrors): CommentField | undefined {
  return COMMENT_FIELDS.find((f) => errors[f]);
}
