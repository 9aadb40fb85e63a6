import { Link } from 'react-router';
import { useApi, useApiCache } from '../../lib/api';
import type { BlogPost } from '../../lib/types';
import { ArrowRightIcon } from '../../components/icons';
import { Section } from '../../components/section';
import { BlogCarousel } from './blog-carousel';

const PATH = '/api/blogs';

export interface BlogHighlightsCopy {
  heading: string;
  intro: string;
  empty: string;
  loading: string;
  error: string;
  retry: string;
  all: { label: string; to: string };
}

/** A titled section with the latest posts in a carousel, or a line saying why there are none. */
export function BlogHighlights({ copy }: { copy: BlogHighlightsCopy }) {
  const blogs = useApi<BlogPost[]>(PATH);
  const cache = useApiCache();
  const posts = blogs.data ?? [];

  let body;
  if (blogs.loading) {
    body = (
      <p role="status" className="py-12 text-center text-slate-600">
        {copy.loading}
      </p>
    );
  } else if (blogs.error) {
    body = (
      <div role="alert" className="rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
        <p className="text-slate-800">{copy.error}</p>
        <button
          type="button"
          onClick={() => cache.invalidate(PATH)}
          className="mt-4 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          {copy.retry}
        </button>
      </div>
    );
  } else if (posts.length === 0) {
    body = <p className="rounded-2xl bg-white p-8 text-center text-slate-700 ring-1 ring-slate-200">{copy.empty}</p>;
  } else {
    body = <BlogCarousel posts={posts} />;
  }

  return (
    <Section
      id="blog-title"
      title={copy.heading}
      intro={copy.intro}
      className="overflow-x-clip"
      aside={
        posts.length > 0 && (
          <Link
            to={copy.all.to}
            className="inline-flex items-center gap-1.5 rounded-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline"
          >
            {copy.all.label}
            <ArrowRightIcon className="size-4" />
          </Link>
        )
      }
    >
      <div data-reveal="fade-in-up" className="mt-10">
        {body}
      </div>
    </Section>
  );
}
