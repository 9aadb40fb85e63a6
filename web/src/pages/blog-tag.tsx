import { useParams } from '../lib/router';
import copy from '../../../content/blog-pages.json';
import { PageBanner } from '../components/page-banner';
import { PageLoading } from '../components/page-loading';
import { FeedIcon } from '../components/icons';
import { BlogList } from '../features/blog/blog-list';
import { usePageFeedLink } from '../lib/page-feed';
import { blogTagApiPath } from '../features/blog/tag-query';
import { BlogLoadError } from '../features/blog/blog-unavailable';
import { useApi } from '../lib/api';
import { useServerDocumentTitle } from '../lib/meta';
import { fill } from '../lib/text';
import type { BlogTagPage as BlogTagData } from '../gen/wire';
import { NotFoundScreen } from './not-found';

const t = copy.tag;

/** /blog/tag/{slug}: the newest published posts with a tag, and a link to their feed. */
export default function BlogTagPage() {
  const { slug = '' } = useParams();
  const page = useApi<BlogTagData>(blogTagApiPath(slug));
  if (page.loading) return <PageLoading />;
  if (page.error?.code === 'not_found') return <NotFoundScreen />;
  if (!page.data) return <BlogLoadError title={t.loadErrorTitle} text={t.loadErrorText} retry={t.retry} />;
  return <TagScreen page={page.data} />;
}

function TagScreen({ page }: { page: BlogTagData }) {
  useServerDocumentTitle(page.pageTitle);
  usePageFeedLink(page.feedUrl, page.feedTitle);
  const { list } = page;
  return (
    <>
      <PageBanner eyebrow={t.eyebrow} title={page.heading} lead={t.lead}>
        <a
          href={page.feedUrl}
          type="application/atom+xml"
          className="inline-flex items-center gap-2 rounded-sm font-semibold text-white underline underline-offset-4 hover:text-brand-100"
        >
          <FeedIcon className="size-5 shrink-0" />
          {t.feed}
        </a>
      </PageBanner>
      <div className="bg-slate-50 py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 lg:px-6">
          <BlogList list={list} />
          {list.total > list.posts.length && (
            <p className="mt-8 text-center text-slate-700">{fill(t.more, { shown: list.posts.length, total: list.total })}</p>
          )}
        </div>
      </div>
    </>
  );
}
