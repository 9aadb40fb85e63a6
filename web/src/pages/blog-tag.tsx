import { useLocation, useParams } from '../lib/router';
import copy from '../../../content/blog-pages.json';
import { PageBanner } from '../components/page-banner';
import { PageLoading } from '../components/page-loading';
import { FeedIcon } from '../components/icons';
import { BlogList } from '../features/blog/blog-list';
import { usePageFeedLink } from '../lib/page-feed';
import { blogTagApiPath, blogTagUrl } from '../features/blog/tag-query';
import { useTopOnNewPage } from '../features/blog/use-top-on-new-page';
import { BlogLoadError } from '../features/blog/blog-unavailable';
import { useApi } from '../lib/api';
import { useLastAnswer } from '../lib/use-last-answer';
import { useServerDocumentTitle } from '../lib/meta';
import type { BlogTagPage as BlogTagData } from '../gen/wire';
import { NotFoundScreen } from './not-found';

const t = copy.tag;

/**
 * /blog/tag/{slug}: the published posts with a tag, newest first, a page at
 * a time (?page=N) as on /blog, and a link to their feed. A page past the
 * last one, like a tag no published post has, is not found.
 */
export default function BlogTagPage() {
  const { slug = '' } = useParams();
  const { search } = useLocation();
  const page = useLastAnswer(useApi<BlogTagData>(blogTagApiPath(slug, search)));
  if (page.loading) return <PageLoading />;
  if (page.error?.code === 'not_found') return <NotFoundScreen />;
  if (!page.data) return <BlogLoadError title={t.loadErrorTitle} text={t.loadErrorText} retry={t.retry} />;
  return <TagScreen page={page.data} stale={page.stale} />;
}

function TagScreen({ page, stale }: { page: BlogTagData; stale: boolean }) {
  useServerDocumentTitle(page.pageTitle);
  usePageFeedLink(page.feedUrl, page.feedTitle);
  const { list } = page;
  useTopOnNewPage(list.page);
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
        <div aria-busy={stale || undefined} className={`mx-auto max-w-7xl px-4 lg:px-6 ${stale ? 'opacity-60' : ''}`}>
          <BlogList list={list} base={blogTagUrl(page.tag.slug)} />
        </div>
      </div>
    </>
  );
}
