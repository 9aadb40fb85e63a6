import { describe, expect, it } from 'vitest';
import commentTable from '../../../../internal/domain/testdata/comment-cases.json';
import { trimComment, validateComment, type CommentValues } from './comment-validation';

const ok = { name: 'Asha Rao', email: 'asha@example.com', website: '', comment: 'Thanks, this helped.' };

describe('validateComment', () => {
  it('accepts a comment without a website', () => {
    expect(validateComment(ok)).toEqual({});
  });

  it('requires name, e-mail and comment, ignoring surrounding spaces, in the server words', () => {
    expect(validateComment({ name: ' ', email: '', website: ' ', comment: '\n' })).toEqual({
      name: 'Enter your name.',
      email: 'Enter your e-mail address.',
      comment: 'Enter a comment.',
    });
  });

  it('trims what is sent as the server trims', () => {
    expect(trimComment({ name: ' A ', email: ' a@b.co ', website: ' ', comment: ' hi\r\nthere ' })).toEqual({
      name: 'A',
      email: 'a@b.co',
      website: '',
      comment: 'hi\nthere',
    });
  });
});

// The same table runs through Go's domain.Comment Normalize and Validate
// (internal/domain/form_cases_test.go): the form never accepts what the
// server refuses, nor refuses what it accepts, and uses its words.
describe('the shared comment cases', () => {
  it.each(commentTable.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const values = { ...commentTable.comment, ...(c.set ?? {}) } as CommentValues;
    expect(validateComment(values)).toEqual(c.want);
  });
});
