import { useApi, type ApiState } from '../../lib/api';
import type { BlogList, BlogSummary } from '../../gen/wire';
import { ArrowLink } from '../../components/arrow-link';
import { LoadState, type LoadStateCopy } from '../../components/load-state';
import { Section } from '../../components/section';
import { BlogCarousel } from './blog-carousel';

/** The first page of the blog list: the newest posts. */
const PATH = '/api/blogs';

export interface BlogHighlightsCopy extends LoadStateCopy {
  heading: string;
  intro: string;
  empty: string;
  all: { label: string; to: string };
}

/** A titled section with the latest posts in a carousel, or a line saying why there are none. */
export function BlogHighlights({ copy }: { copy: BlogHighlightsCopy }) {
  const list = useApi<BlogList>(PATH);
  const blogs: ApiState<BlogSummary[]> = { ...list, data: list.data?.posts };
  const posts = blogs.data ?? [];
  return (
    <Section
      id="blog-title"
      title={copy.heading}
      intro={copy.intro}
      className="overflow-x-clip"
      aside={posts.length > 0 && <ArrowLink to={copy.all.to}>{copy.all.label}</ArrowLink>}
    >
      <div data-reveal="fade-in-up" className="mt-10">
        <LoadState
          path={PATH}
          state={blogs}
          copy={copy}
          empty={<p className="rounded-2xl bg-white p-8 text-center text-slate-700 ring-1 ring-slate-200">{copy.empty}</p>}
        >
          {(items) => <BlogCarousel posts={items} />}
        </LoadState>
      </div>
    </Section>
  );
}
