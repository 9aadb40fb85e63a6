import copy from '../../../../content/blog.json';
import { ArrowLink } from '../../components/arrow-link';
import type { BlogSummary } from '../../gen/wire';
import { BlogPlaceholder } from './blog-placeholder';

const cover = 'aspect-video h-auto w-full bg-slate-100 object-cover';

/** A post's teaser: cover, title, two lines of description, Read More. */
export function BlogCard({ post }: { post: BlogSummary }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {post.image ? (
        <img src={post.image} alt={post.title} width={640} height={360} loading="lazy" decoding="async" className={cover} />
      ) : (
        <BlogPlaceholder className={cover} />
      )}
      <div className="flex flex-1 flex-col p-6">
        <h3 className="text-lg font-semibold leading-snug text-slate-900">{post.title}</h3>
        <p className="mt-2 line-clamp-2 text-slate-700">{post.description || copy.card.descriptionFallback}</p>
        <ArrowLink to={`/blog/${encodeURIComponent(post.id)}`} className="mt-auto self-start pt-4">
          {copy.card.readMore}
          <span className="sr-only">: {post.title}</span>
        </ArrowLink>
      </div>
    </article>
  );
}
