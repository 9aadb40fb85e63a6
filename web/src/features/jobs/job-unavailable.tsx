import type { ReactNode } from 'react';
import { Link, useLocation } from '../../lib/router';
import copy from '../../../../content/jobs.json';
import { useDocumentTitle } from '../../lib/meta';
import { JOBS_PATH } from './job-query';

const t = copy.detail;

const primary = 'rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800';
const secondary = 'rounded-lg px-5 py-2.5 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50';

function Message({ title, text, alert, children }: { title: string; text: string; alert?: boolean; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <section aria-labelledby="job-message-title" className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 id="job-message-title" className="text-3xl font-bold text-slate-900">
        {title}
      </h1>
      <p role={alert ? 'alert' : undefined} className="mt-4 text-lg text-slate-700">
        {text}
      </p>
      <p className="mt-8 flex flex-wrap justify-center gap-4">{children}</p>
    </section>
  );
}

/** A job that existed but is closed or withdrawn (API code "gone"). */
export function JobGone() {
  return (
    <Message title={t.goneTitle} text={t.goneText}>
      <Link to={JOBS_PATH} className={primary}>
        {t.goneLink}
      </Link>
    </Message>
  );
}

/** Any other failure to load a job: say so and offer a fresh load of the page. */
export function JobLoadError() {
  const { pathname, search } = useLocation();
  return (
    <Message title={t.loadErrorTitle} text={t.loadErrorText} alert>
      <Link to={pathname + search} reloadDocument className={primary}>
        {t.retry}
      </Link>
      <Link to={JOBS_PATH} className={secondary}>
        {t.goneLink}
      </Link>
    </Message>
  );
}
