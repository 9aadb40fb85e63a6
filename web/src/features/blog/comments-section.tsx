import copy from '../../../../content/blog-pages.json';
import type { Comment } from '../../gen/wire';
import { LoadState } from '../../components/load-state';
import { useApi, useApiCache } from '../../lib/api';
import { fill } from '../../lib/text';
import { commentsApiPath } from './blog-query';
import { CommentForm } from './comment-form';
import { CommentList } from './comment-list';

const t = copy.comments;

/** The comments of a post (newest first) and the form to add one. */
export function CommentsSection({ postId }: { postId: string }) {
  const path = commentsApiPath(postId);
  const cache = useApiCache();
  const comments = useApi<Comment[]>(path);

  function posted(c: Comment) {
    // Put the new comment on top of the list without asking the server
    // again; a list that failed to load is fetched afresh instead.
    if (comments.data) cache.update<Comment[]>(path, (list) => [c, ...list.filter((x) => x.id !== c.id)]);
    else cache.invalidate(path);
  }

  const count = comments.data?.length ?? 0;
  return (
    <section aria-labelledby="comments-title" className="mt-16 border-t border-slate-200 pt-12">
      <h2 id="comments-title" className="text-2xl font-bold tracking-tight text-slate-900">
        {t.heading}
        {comments.data && (
          <span className="ml-2 text-base font-medium text-slate-600">
            ({count === 1 ? t.countOne : fill(t.count, { count })})
          </span>
        )}
      </h2>
      <div className="mt-8">
        <LoadState path={path} state={comments} copy={t} empty={<p className="text-slate-700">{t.empty}</p>}>
          {(items) => <CommentList comments={items} />}
        </LoadState>
      </div>
      <div className="mt-12 rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200 sm:p-8">
        <CommentForm path={path} onPosted={posted} />
      </div>
    </section>
  );
}
