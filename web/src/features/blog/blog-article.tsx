import { Link } from '../../lib/router';
import blogCopy from '../../../../content/blog.json';
import copy from '../../../../content/blog-pages.json';
import { ArrowLeftIcon } from '../../components/icons';
import { Picture } from '../../components/picture';
import type { BlogPost } from '../../gen/wire';
import { useServerDocumentTitle } from '../../lib/meta';
import { BLOG_PATH } from './blog-query';
import { CommentsSection } from './comments-section';
import { PostAuthorBox, PostByline } from './post-author';
import { PostSlides } from './post-slides';
import { PostTags } from './post-tags';

const t = copy.post;

/** A post: title, date, description, cover image, the body in slides, then its comments. */
export function BlogArticle({ post }: { post: BlogPost }) {
  useServerDocumentTitle(post.pageTitle);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <Link
        to={BLOG_PATH}
        className="inline-flex items-center gap-1.5 rounded-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline"
      >
        <ArrowLeftIcon className="size-4" />
        {t.back}
      </Link>
      <article className="mt-6">
        <header>
          <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{post.title}</h1>
          <p className="mt-2 text-sm text-slate-600">
            {t.posted} <time dateTime={post.createdAt}>{post.dateText}</time>
          </p>
          <PostByline author={post.author} />
          <PostTags tags={post.tags} />
          <p className="mt-5 text-lg leading-relaxed text-slate-700">{post.description || blogCopy.card.descriptionFallback}</p>
          {post.image && (
            // The post's largest paint: never lazy, asked for first.
            <Picture
              src={post.image}
              srcSet={post.imageSrcset}
              sources={post.imageSources}
              sizes="(min-width: 48rem) 736px, 100vw"
              alt={post.imageAlt || post.title}
              width={1280}
              height={720}
              priority
              className="mt-8 aspect-video h-auto w-full rounded-2xl bg-slate-100 object-cover"
            />
          )}
        </header>
        <div className="mt-10 border-t border-slate-200 pt-10">
          <PostSlides slides={post.slides} />
        </div>
        <PostAuthorBox author={post.author} />
      </article>
      <CommentsSection postId={post.id} />
    </div>
  );
}
