import type { Comment, CommentPosted, CommentRequest } from '../../gen/wire';
import { ApiRequestError, postJSON } from '../../lib/api-client';
import { COMMENT_FIELDS, type CommentErrors } from './comment-validation';

export type PostResult =
  /** Shown at once: the comment as the list holds it. */
  | { kind: 'visible'; comment: Comment }
  /** Kept for staff review; message is the server's words, if it sent some. */
  | { kind: 'held'; message?: string }
  /** 422 with per-field messages. */
  | { kind: 'invalid'; fields: CommentErrors }
  /** 429: too many comments from this address for now. */
  | { kind: 'rate-limited'; message?: string }
  /** 404: the post is gone. */
  | { kind: 'not-found' }
  /** Anything else: server error, network down, unexpected answer. */
  | { kind: 'failed' };

/** Posts a comment to the post at commentsPath and says how it went; never throws. */
export async function postComment(commentsPath: string, body: CommentRequest): Promise<PostResult> {
  try {
    const answer = await postJSON<CommentPosted | null>(commentsPath, body);
    if (answer?.status === 'visible' && answer.comment) return { kind: 'visible', comment: answer.comment };
    if (answer?.status === 'held') return { kind: 'held', message: answer.message || undefined };
    return { kind: 'failed' };
  } catch (err) {
    if (!(err instanceof ApiRequestError)) return { kind: 'failed' };
    if (err.status === 429) return { kind: 'rate-limited', message: err.fromServer && err.message ? err.message : undefined };
    if (err.status === 404) return { kind: 'not-found' };
    if (err.status === 422) {
      const fields: CommentErrors = {};
      for (const f of COMMENT_FIELDS) {
        const msg = err.fields[f];
        if (typeof msg === 'string' && msg) fields[f] = msg;
      }
      if (Object.keys(fields).length > 0) return { kind: 'invalid', fields };
    }
    return { kind: 'failed' };
  }
}
