// STAND-IN: replaced by the real page at merge.
import { Link, useSearchParams } from 'react-router';
import { useApi } from '../lib/api';
import type { BlogList } from '../gen/wire';
import { NotFoundScreen } from './not-found';

/** The API path of a page of the list: page 1 shares "/api/blogs" with the home carousel. */
function listPath(page: string | null): string {
  return page && page !== '1' ? `/api/blogs?page=${encodeURIComponent(page)}` : '/api/blogs';
}

export default function BlogPage() {
  const [params] = useSearchParams();
  const list = useApi<BlogList>(listPath(params.get('page')));
  if (list.loading) return <p>Loading...</p>;
  if (list.error) return <NotFoundScreen />;
  return (
    <section>
      <h1>Blog</h1>
      <ul>
        {list.data?.posts.map((p) => (
          <li key={p.id}>
            <h2>{p.title}</h2>
            <p>{p.dateText}</p>
            <Link to={`/blog/${p.id}`}>Read More</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
