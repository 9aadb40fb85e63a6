import { Link, useLocation } from '../../lib/router';
import { useDocumentTitle } from '../../lib/meta';

interface Props {
  title: string;
  text: string;
  retry: string;
}

/** A blog page whose data could not be loaded: say so, and offer a fresh load of the page. */
export function BlogLoadError({ title, text, retry }: Props) {
  useDocumentTitle(title);
  const { pathname, search } = useLocation();
  return (
    <section aria-labelledby="blog-error-title" className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 id="blog-error-title" className="text-3xl font-bold text-slate-900">
        {title}
      </h1>
      <p role="alert" className="mt-4 text-lg text-slate-700">
        {text}
      </p>
      <p className="mt-8">
        <Link to={pathname + search} reloadDocument className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          {retry}
        </Link>
      </p>
    </section>
  );
}
