import { Link } from '../lib/router';
import { useDocumentTitle } from '../lib/meta';
import pages from '../../../content/pages.json';

/** The not-found screen, also used by pages whose record is missing. */
export function NotFoundScreen() {
  useDocumentTitle(pages.notFound.title);
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center" aria-labelledby="nf-title">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Error 404</p>
      <h1 id="nf-title" className="mt-2 text-3xl font-bold text-slate-900">
        Page not found
      </h1>
      <p className="mt-4 text-lg text-slate-700">
        We could not find what you were looking for. It may have moved, or the link may be mistyped.
      </p>
      <p className="mt-8 flex flex-wrap justify-center gap-4">
        <Link to="/" className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          Go to the home page
        </Link>
        <Link to="/career" className="rounded-md px-5 py-2.5 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50">
          See open positions
        </Link>
      </p>
    </section>
  );
}

export default function NotFoundPage() {
  return <NotFoundScreen />;
}
