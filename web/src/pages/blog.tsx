import { useLocation } from '../lib/router';
import copy from '../../../content/blog-pages.json';
import { PageBanner } from '../components/page-banner';
import { PageLoading } from '../components/page-loading';
import { BlogList } from '../features/blog/blog-list';
import { blogListApiPath } from '../features/blog/blog-query';
import { BlogLoadError } from '../features/blog/blog-unavailable';
import { useTopOnNewPage } from '../features/blog/use-top-on-new-page';
import { useApi } from '../lib/api';
import { useLastAnswer } from '../lib/use-last-answer';
import { useDocumentTitle } from '../lib/meta';
import { fill } from '../lib/text';
import type { BlogList as BlogListData } from '../gen/wire';
import { NotFoundScreen } from './not-found';

const t = copy.list;

/**
 * /blog: published posts, newest first, a page at a time (?page=N). A page
 * past the last one is not found. Moving between pages keeps the current
 * page on screen until the next one has arrived, then starts at the top.
 */
export default function BlogPage() {
  const { search } = useLocation();
  const list = useLastAnswer(useApi<BlogListData>(blogListApiPath(search)));
  if (list.loading) return <PageLoading />;
  if (list.error?.code === 'not_found') return <NotFoundScreen />;
  if (!list.data) return <BlogLoadError title={t.loadErrorTitle} text={t.loadErrorText} retry={t.retry} />;
  return <BlogListScreen list={list.data} stale={list.stale} />;
}

function BlogListScreen({ list, stale }: { list: BlogListData; stale: boolean }) {
  useDocumentTitle(list.page > 1 ? fill(t.pageTitle, { page: list.page }) : t.title);
  useTopOnNewPage(list.page);
  return (
    <>
      <PageBanner eyebrow={t.eyebrow} title={t.title} lead={t.lead} />
      <div className="bg-slate-50 py-16 sm:py-20">
        <div aria-busy={stale || undefined} className={`mx-auto max-w-7xl px-4 lg:px-6 ${stale ? 'opacity-60' : ''}`}>
          <BlogList list={list} />
        </div>
      </div>
    </>
  );
}
