// STAND-IN: replaced by the real page at merge.
import { useParams } from 'react-router';
import { useApi } from '../lib/api';
import type { BlogPost, Comment } from '../gen/wire';
import { NotFoundScreen } from './not-found';

export default function BlogPostPage() {
  const { id = '' } = useParams();
  const post = useApi<BlogPost>(`/api/blogs/${encodeURIComponent(id)}`);
  const comments = useApi<Comment[]>(`/api/blogs/${encodeURIComponent(id)}/comments`);
  if (post.loading) return <p>Loading...</p>;
  if (!post.data) return <NotFoundScreen />;
  return (
    <article>
      <h1>{post.data.title}</h1>
      <p>{post.data.dateText}</p>
      {post.data.slides.map((s, i) => (
        <section key={i}>
          {s.heading && <h2>{s.heading}</h2>}
          <div dangerouslySetInnerHTML={{ __html: s.html }} />
        </section>
      ))}
      <ul>
        {(comments.data ?? []).map((c) => (
          <li key={c.id}>
            {c.name}: {c.comment}
          </li>
        ))}
      </ul>
    </article>
  );
}
