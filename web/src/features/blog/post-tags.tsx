import copy from '../../../../content/blog-pages.json';
import { Link } from '../../lib/router';
import type { TagLink } from '../../gen/wire';
import { blogTagUrl } from './tag-query';

/** A post's tags, each a link to the page of the posts with it; nothing for none. */
export function PostTags({ tags }: { tags: TagLink[] | undefined }) {
  if (!tags || tags.length === 0) return null;
  return (
    <nav aria-label={copy.post.tags} className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {tags.map((tag) => (
          <li key={tag.slug}>
            <Link
              to={blogTagUrl(tag.slug)}
              className="inline-flex min-h-8 items-center rounded-full bg-brand-50 px-3 text-sm font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100 hover:text-brand-900"
            >
              {tag.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
