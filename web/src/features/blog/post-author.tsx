import copy from '../../../../content/blog-pages.json';
import { Picture } from '../../components/picture';
import type { PostAuthor } from '../../gen/wire';
import { fill } from '../../lib/text';

const t = copy.author;

/** "By {name}" under a post's title; nothing for a post without an author. */
export function PostByline({ author }: { author: PostAuthor | undefined }) {
  if (!author) return null;
  return <p className="mt-1 text-sm text-slate-600">{fill(t.by, { name: author.name })}</p>;
}

/** Who wrote the post, after it: photo, name and bio; nothing for a post without an author. */
export function PostAuthorBox({ author }: { author: PostAuthor | undefined }) {
  if (!author) return null;
  const size = author.photoSize || 96;
  return (
    <aside
      aria-labelledby="post-author-heading"
      className="mt-10 flex flex-col gap-4 rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200 sm:flex-row sm:items-start"
    >
      {author.photo && (
        <Picture
          src={author.photo}
          srcSet={author.photoSrcset}
          sources={author.photoSources}
          sizes="80px"
          alt={author.name}
          width={size}
          height={size}
          lazy
          className="size-20 shrink-0 rounded-full bg-slate-200 object-cover"
        />
      )}
      <div className="min-w-0">
        <h2 id="post-author-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
          {t.heading}
        </h2>
        <p className="mt-1 text-lg font-semibold text-slate-900">{author.name}</p>
        {author.bio && <p className="mt-2 whitespace-pre-line break-words text-slate-700">{author.bio}</p>}
      </div>
    </aside>
  );
}
