import { useApi } from '../lib/api';
import { useDocumentTitle } from '../lib/meta';
import type { BlogPost } from '../lib/types';
import pages from '../../../content/pages.json';

export default function HomePage() {
  useDocumentTitle(pages['/'].title);
  const blogs = useApi<BlogPost[]>('/api/blogs');
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-4xl font-bold">Welcome</h1>
      <ul>{blogs.data?.map((p) => <li key={p.id}>{p.title}</li>)}</ul>
    </div>
  );
}
