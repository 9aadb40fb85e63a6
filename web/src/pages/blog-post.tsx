import { useParams } from '../lib/router';
import copy from '../../../content/blog-pages.json';
import { PageLoading } from '../components/page-loading';
import { BlogArticle } from '../features/blog/blog-article';
import { blogPostApiPath } from '../features/blog/blog-query';
import { BlogLoadError } from '../features/blog/blog-unavailable';
import { useApi } from '../lib/api';
import type { BlogPost } from '../gen/wire';
import { NotFoundScreen } from './not-found';

const t = copy.post;

/** /blog/{id}: a published post and its comments. */
export default function BlogPostPage() {
  const { id = '' } = useParams();
  const post = useApi<BlogPost>(blogPostApiPath(id));
  if (post.loading) return <PageLoading />;
  if (post.error?.code === 'not_found') return <NotFoundScreen />;
  if (!post.data) return <BlogLoadError title={t.loadErrorTitle} text={t.loadErrorText} retry={t.retry} />;
  return <BlogArticle post={post.data} />;
}
