import copy from '../../../../content/blog.json';
import { ArrowLink } from '../../components/arrow-link';
import { Picture } from '../../components/picture';
import type { BlogSummary } from '../../gen/wire';
import { BlogPlaceholder } from './blog-placeholder';

const cover = 'aspect-video h-auto w-full bg-slate-100 object-cover';
/** A card's width: a third of the 80rem list from lg, half from md, else the screen (sizes' default). */
const cardSizes = '(min-width:1024px) 400px,(min-width:768px) 50vw';

interface Props {
  post: BlogSummary;
  /** The title's heading level: 3 under a section's h2 (home), 2 on the blog list under its h1. */
  headingLevel?: 2 | 3;
  /** Load the cover at once: for cards in the first screenful, whose image may be the largest paint. */
  eager?: boolean;
}

/** A post's teaser: cover, title, date, two lines of description, Read More. */
export function BlogCard({ post, headingLevel = 3, eager = false }: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {post.image ? (
        <Picture
          src={post.image}
          srcSet={post.imageSrcset}
          sources={post.imageSources}
          sizes={cardSizes}
          alt={post.imageAlt || post.title}
          width={640}
          height={360}
          lazy={!eager}
          className={cover}
        />
      ) : (
        <BlogPlaceholder className={cover} />
      )}
      <div className="flex flex-1 flex-col p-6">
        <Heading className="text-lg font-semibold leading-snug text-slate-900">{post.title}</Heading>
        {post.dateText && (
          <p className="mt-1 text-sm text-slate-600">
            <time dateTime={post.createdAt}>{post.dateText}</time>
            {post.authorName && <> · {post.authorName}</>}
          </p>
        )}
        <p className="mt-2 line-clamp-2 text-slate-700">{post.description || copy.card.descriptionFallback}</p>
        <ArrowLink to={post.path} className="mt-auto self-start pt-4">
          {copy.card.readMore}
          <span className="sr-only">: {post.title}</span>
        </ArrowLink>
      </div>
    </article>
  );
}
