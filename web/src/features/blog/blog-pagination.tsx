import { Link } from '../../lib/router';
import copy from '../../../../content/blog-pages.json';
import { ArrowLeftIcon, ArrowRightIcon } from '../../components/icons';
import { fill } from '../../lib/text';
import { neighbourPages } from './blog-query';

const t = copy.pagination;

const link =
  'inline-flex items-center gap-1.5 rounded-lg px-4 py-2 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50';

/** Previous and Next links around "Page 2 of 3" of the list at base (the blog's by default); nothing when there is one page. */
export function BlogPagination({ page, pages, base }: { page: number; pages: number; base?: string }) {
  if (pages <= 1) return null;
  const { prev, next } = neighbourPages(page, pages, base);
  return (
    <nav aria-label={t.label} className="mt-12 flex items-center justify-between gap-4">
      <div className="min-w-24">
        {prev && (
          <Link to={prev} rel="prev" className={link}>
            <ArrowLeftIcon className="size-4" />
            {t.previous}{' '}
            <span className="sr-only">{t.previousHidden}</span>
          </Link>
        )}
      </div>
      <p className="text-sm font-semibold text-slate-700">{fill(t.position, { page, pages })}</p>
      <div className="flex min-w-24 justify-end">
        {next && (
          <Link to={next} rel="next" className={link}>
            {t.next}{' '}
            <span className="sr-only">{t.nextHidden}</span>
            <ArrowRightIcon className="size-4" />
          </Link>
        )}
      </div>
    </nav>
  );
}
