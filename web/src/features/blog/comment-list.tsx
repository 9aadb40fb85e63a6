import type { Comment } from '../../gen/wire';
import { CommentAvatar } from './comment-avatar';

/** Only plain http(s) addresses become links; the server allows no others, this makes sure. */
function safeWebsite(url: string): string | undefined {
  return /^https?:\/\//i.test(url) ? url : undefined;
}

/** Comments, newest first: avatar, name (linked to the website given), date and the text with its line breaks. */
export function CommentList({ comments }: { comments: readonly Comment[] }) {
  return (
    <ol className="space-y-6">
      {comments.map((c) => {
        const site = safeWebsite(c.website);
        return (
          <li key={c.id} className="flex gap-4">
            <CommentAvatar name={c.name} />
            <article className="min-w-0 flex-1" aria-label={c.name}>
              <p className="flex flex-wrap items-baseline gap-x-3">
                <span className="font-semibold text-slate-900">
                  {site ? (
                    <a href={site} rel="nofollow ugc noopener" className="text-brand-700 underline hover:text-brand-900">
                      {c.name}
                    </a>
                  ) : (
                    c.name
                  )}
                </span>
                <time dateTime={c.createdAt} className="text-sm text-slate-600">
                  {c.dateText}
                </time>
              </p>
              <p className="mt-1 whitespace-pre-line break-words text-slate-800">{c.comment}</p>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
