import commentTable from '../../../../internal/domain/testdata/comment-cases.json';
import { describe, expect, it } from 'vitest';
import emailTable from '../../../../internal/domain/testdata/email-cases.json';
import { COMMENT_MESSAGES as M } from '../../gen/wire';
import { firstInvalid, trimComment, validEmail, validateComment, type CommentValues } from './comment-validation';

const ok = { name: 'Asha Rao', email: 'asha@example.com', website: '', comment: 'Thanks, this helped.' };

describe('validateComment', () => {
  it('accepts a comment without a website', () => {
    expect(validateComment(ok)).toEqual({});
  });

  it('requires name, e-mail and comment, ignoring surrounding spaces', () => {
    expect(validateComment({ name: ' ', email: '', website: ' ', comment: '\n' })).toEqual({
      name: M.nameRequired,
      email: M.emailRequired,
      comment: M.commentRequired,
    });
  });

  it.each(['https://example.com', 'http://example.com/a?b=c', 'https://Example.COM/path'])('accepts the website %s', (website) =>
    expect(validateComment({ ...ok, website }).website).toBeUndefined(),
  );

  it.each(['example.com', 'www.example.com', 'ftp://example.com', 'javascript:alert(1)', 'https://', 'http://exa mple.com'])(
    'rejects the website %s',
    (website) => expect(validateComment({ ...ok, website }).website).toBe(M.websiteInvalid),
  );

  // The same table runs through Go's domain.ValidEmail.
  it.each(emailTable.cases)('agrees with the server on the e-mail $email', ({ email, valid }) => {
    expect(validEmail(email)).toBe(valid);
  });

  it('applies the length limits at their edges, counting characters', () => {
    expect(validateComment({ ...ok, name: '😀'.repeat(100) }).name).toBeUndefined();
    expect(validateComment({ ...ok, name: 'x'.repeat(101) }).name).toBe(M.nameTooLong);
    expect(validateComment({ ...ok, comment: 'x'.repeat(2000) }).comment).toBeUndefined();
    expect(validateComment({ ...ok, comment: 'x'.repeat(2001) }).comment).toBe(M.commentTooLong);
  });

  it('names the first invalid field in form order and trims what is sent', () => {
    expect(firstInvalid({ comment: 'x', email: 'y' })).toBe('email');
    expect(firstInvalid({})).toBeUndefined();
    expect(trimComment({ name: ' A ', email: ' a@b.co ', website: ' ', comment: ' hi\nthere ' })).toEqual({
      name: 'A',
      email: 'a@b.co',
      website: '',
      comment: 'hi\nthere',
    });
  });
});

// The same table runs through Go's domain.Comment.Validate
// (internal/domain/comment_cases_test.go): the form never accepts what
// the server refuses, nor refuses what it accepts, and uses its words.
describe('the shared comment cases', () => {
  it.each(commentTable.cases)('$name', (c) => {
    const values = { ...commentTable.comment, ...(c.set ?? {}) } as CommentValues;
    expect(validateComment(values)).toEqual(c.want);
  });
});
