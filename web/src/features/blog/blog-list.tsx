import copy from '../../../../content/blog-pages.json';
import type { BlogList as BlogListData } from '../../gen/wire';
import { BlogCard } from './blog-card';
import { BlogPagination } from './blog-pagination';

const t = copy.list;

/** Cards in the first row on wide screens: their covers load at once, the others when scrolled to. */
const FIRST_ROW = 3;

/** One page of posts as a grid of cards, with links to the other pages of the list at base (the blog's by default); or a line saying there are none. */
export function BlogList({ list, base }: { list: BlogListData; base?: string }) {
  if (list.posts.length === 0) {
    return <p className="rounded-2xl bg-white p-8 text-center text-slate-700 ring-1 ring-slate-200">{t.empty}</p>;
  }
  return (
    <>
      <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
        {list.posts.map((post, i) => (
          <li key={post.id}>
            <BlogCard post={post} headingLevel={2} eager={i < FIRST_ROW} />
          </li>
        ))}
      </ul>
      <BlogPagination page={list.page} pages={list.pages} base={base} />
    </>
  );
}
