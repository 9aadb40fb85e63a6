import { useState } from 'react';
import copy from '../../../../content/blog-pages.json';
import type { Comment } from '../../gen/wire';
import { FormStatus } from '../../components/form-status';
import { HoneypotField } from '../../components/honeypot-field';
import { CommentField } from './comment-field';
import { useEarlyInput } from '../../lib/use-early-input';
import { useSubmitForm, type SubmitOutcome } from '../../lib/use-submit-form';
import { COMMENT_FIELDS, trimComment, validateComment, type CommentField as Field, type CommentValues } from './comment-validation';
import { postComment } from './post-comment';

const t = copy.comments;

const EMPTY: CommentValues = { name: '', email: '', website: '', comment: '' };

interface Props {
  /** The post's comments API path; the form posts to it. */
  path: string;
  /** Called with a comment that is shown at once. */
  onPosted(comment: Comment): void;
}

/**
 * The form under a post: checks the fields in the browser, posts them as
 * JSON and says in words how it went. A comment may be shown at once or
 * held for review; either way the form is cleared. On failure everything
 * typed stays in place.
 */
export function CommentForm({ path, onPosted }: Props) {
  const { values, errors, change, ref, status, sending, submit } = useSubmitForm(COMMENT_FIELDS, EMPTY, { validate: validateComment, send });
  const [homepage, setHomepage] = useState('');
  const form = useEarlyInput();

  async function send(values: CommentValues, elapsedMs: number | null): Promise<SubmitOutcome<Field>> {
    const result = await postComment(path, { ...trimComment(values), homepage, elapsedMs });
    switch (result.kind) {
      case 'visible':
        onPosted(result.comment);
        return { kind: 'done', message: t.posted };
      case 'held':
        return { kind: 'done', message: result.message ?? t.held };
      case 'invalid':
        return result;
      case 'rate-limited':
        return { kind: 'failed', message: result.message ?? t.rateLimited };
      case 'not-found':
        return { kind: 'failed', message: t.notFound };
      default:
        return { kind: 'failed', message: t.error };
    }
  }

  const field = (name: Field) => ({
    id: `comment-${name}`,
    name,
    label: t.labels[name],
    value: values[name],
    error: errors[name],
    onChange: (v: string) => change(name, v),
    inputRef: ref(name),
    optionalText: t.optional,
    required: name !== 'website',
  });

  return (
    // method="post": without JavaScript the browser must not put what was
    // typed (an e-mail address) into a URL; the post's page refuses it.
    <form ref={form} method="post" data-submit-with-script noValidate onSubmit={submit} aria-labelledby="comment-form-title" className="relative space-y-5">
      <div>
        <h3 id="comment-form-title" className="text-xl font-bold text-slate-900">
          {t.formHeading}
        </h3>
        <p className="mt-1 text-slate-700">{t.formIntro}</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <CommentField {...field('name')} autoComplete="name" />
        <CommentField {...field('email')} type="email" autoComplete="email" />
      </div>
      <CommentField {...field('website')} type="url" autoComplete="url" hint={t.websiteHint} />
      <CommentField {...field('comment')} multiline />
      <HoneypotField id="comment-homepage" name="homepage" label={t.honeypot} value={homepage} onChange={setHomepage} />

      <noscript>
        <p className="font-medium text-accent-700">{t.noScript}</p>
      </noscript>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <button
          type="submit"
          disabled={sending}
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 disabled:cursor-wait disabled:bg-slate-600"
        >
          {sending ? t.sending : t.submit}
        </button>
        <FormStatus status={status} doneClassName="text-green-800" />
      </div>
    </form>
  );
}
