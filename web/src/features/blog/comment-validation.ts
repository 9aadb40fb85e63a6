// The comment form's checks in the browser: its values trimmed as the
// server trims them (domain.Comment.Normalize), then COMMENT_RULES, the Go
// server's table (generated into gen/comment-rules.ts; spec §5: name,
// e-mail and comment required, the website an optional http(s) address),
// through the forms' shared interpreter. The server checks again and its
// 422 answer carries a message per field; the cases in
// internal/domain/testdata/comment-cases.json run through both.
import { COMMENT_RULES } from '../../gen/comment-rules';
import { validateForm } from '../../lib/form-rules';
import { trimGo } from '../../lib/text-rules';

/** The form's fields, in form order. */
export const COMMENT_FIELDS = ['name', 'email', 'website', 'comment'] as const;

export type CommentField = (typeof COMMENT_FIELDS)[number];

export type CommentValues = Record<CommentField, string>;

/** Field → message, for the fields that failed. */
export type CommentErrors = Partial<Record<CommentField, string>>;

/** The values as they are sent: trimmed as the server trims them (Comment.Normalize). */
export function trimComment(values: CommentValues): CommentValues {
  return {
    name: trimGo(values.name),
    email: trimGo(values.email),
    website: trimGo(values.website),
    comment: trimGo(values.comment.replaceAll('\r\n', '\n')),
  };
}

/** The first problem of each field (empty object when all is well), checked on trimmed values. */
export function validateComment(values: CommentValues): CommentErrors {
  return validateForm(COMMENT_RULES, trimComment(values), '');
}
