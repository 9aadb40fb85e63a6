// The comment form's checks in the browser (spec §5: name, e-mail and
// comment are required; the website is an optional http(s) address). The
// server checks again and its 422 answer carries a message per field.
import { EMAIL_PATTERN_SOURCE } from '../../gen/wire';

// TODO(merge): from COMMENT_MESSAGES / COMMENT_LIMITS (generated into gen/wire.ts by the Go side).
export const COMMENT_MESSAGES = {
  nameRequired: 'Enter your name.',
  nameTooLong: 'Name must be at most 100 characters.',
  emailRequired: 'Enter your e-mail address.',
  emailInvalid: 'Enter a valid e-mail address.',
  websiteInvalid: 'Enter a web address starting with http:// or https://.',
  websiteTooLong: 'Web address must be at most 200 characters.',
  commentRequired: 'Enter a comment.',
  commentTooLong: 'Comment must be at most 2000 characters.',
} as const;

// TODO(merge): from COMMENT_MESSAGES / COMMENT_LIMITS (generated into gen/wire.ts by the Go side).
export const COMMENT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  emailLocalMax: 64,
  websiteMax: 200,
  commentMax: 2000,
} as const;

/** The form's fields, in form order. */
export const COMMENT_FIELDS = ['name', 'email', 'website', 'comment'] as const;

export type CommentField = (typeof COMMENT_FIELDS)[number];

export type CommentValues = Record<CommentField, string>;

/** Field → message, for the fields that failed. */
export type CommentErrors = Partial<Record<CommentField, string>>;

const EMAIL_PATTERN = new RegExp(EMAIL_PATTERN_SOURCE);

/** Length in code points, as the server counts. */
function charCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Whether the server will take s as an e-mail address (domain.ValidEmail). */
export function validEmail(s: string): boolean {
  const at = s.indexOf('@');
  return s.length <= COMMENT_LIMITS.emailMax && at >= 0 && at <= COMMENT_LIMITS.emailLocalMax && EMAIL_PATTERN.test(s);
}

/** An absolute http or https address with a host. */
function validWebsite(s: string): boolean {
  if (!/^https?:\/\//i.test(s) || /\s/.test(s)) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** The values as they are sent: surrounding white space removed. */
export function trimComment(values: CommentValues): CommentValues {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    website: values.website.trim(),
    comment: values.comment.trim(),
  };
}

/** The first problem of each field (empty object when all is well), checked on trimmed values. */
export function validateComment(values: CommentValues): CommentErrors {
  const v = trimComment(values);
  const m = COMMENT_MESSAGES;
  const L = COMMENT_LIMITS;
  const errors: CommentErrors = {};

  if (!v.name) errors.name = m.nameRequired;
  else if (charCount(v.name) > L.nameMax) errors.name = m.nameTooLong;

  if (!v.email) errors.email = m.emailRequired;
  else if (!validEmail(v.email)) errors.email = m.emailInvalid;

  if (v.website) {
    if (charCount(v.website) > L.websiteMax) errors.website = m.websiteTooLong;
    else if (!validWebsite(v.website)) errors.website = m.websiteInvalid;
  }

  if (!v.comment) errors.comment = m.commentRequired;
  else if (charCount(v.comment) > L.commentMax) errors.comment = m.commentTooLong;

  return errors;
}

/** The first field, in form order, that has an error. */
export function firstInvalid(errors: CommentErrors): CommentField | undefined {
  return COMMENT_FIELDS.find((f) => errors[f]);
}
