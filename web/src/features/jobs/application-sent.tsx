import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from '../../lib/router';
import copy from '../../../../content/apply.json';
import { InPageLink } from '../../components/in-page-link';
import { readOutcome, withoutOutcome, type ApplicationOutcome } from '../../lib/application-outcome';
import { fill } from '../../lib/text';

const t = copy.sent;
const [emailBefore, emailAfter] = t.emailCopy.split('{email}');

/**
 * "Application submitted successfully!" at the top of /jobs, when the
 * application form has just sent the visitor here (router state, see
 * lib/application-outcome). Its heading takes focus so it is read first;
 * the outcome is then dropped from the history entry, so a reload or a
 * later Back shows plain /jobs, and nothing is sent again. listId is the
 * open positions' heading below, which "Browse other open positions" leads to.
 */
export function ApplicationSent({ listId }: { listId: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [outcome] = useState(() => readOutcome(location.state));
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!outcome) return;
    heading.current?.focus({ preventScroll: true }); // it sits at the top, where the navigation scrolls to
    navigate(location.pathname + location.search + location.hash, { replace: true, state: withoutOutcome(location.state) });
    // Once, for the navigation that brought the outcome.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!outcome) return null;
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
        <Confirmation outcome={outcome} listId={listId} heading={heading} />
      </div>
    </div>
  );
}

/**
 * The confirmation as its own moment: the heading, the reference number on
 * one line with a way to copy it, where the copy was e-mailed, what happens
 * next, and the way on. The part above "What happens next" is a status
 * region, so a screen reader announces it.
 */
function Confirmation({ outcome, listId, heading }: { outcome: ApplicationOutcome; listId: string; heading: React.RefObject<HTMLHeadingElement | null> }) {
  const { reference, updated, jobTitle, jobId, email, statusUrl } = outcome;
  return (
    <section aria-labelledby="application-sent-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <div role="status">
        <h2
          id="application-sent-title"
          ref={heading}
          tabIndex={-1}
          className="text-3xl font-bold tracking-tight text-balance text-slate-900 focus:outline-none sm:text-4xl"
        >
          {t.title}
        </h2>
        {jobTitle && <p className="mt-3 text-lg text-slate-700">{fill(updated ? t.updated : t.new, { jobTitle })}</p>}

        <div className="mt-6 rounded-xl bg-green-50 p-4 ring-1 ring-green-700/30 sm:p-5">
          <p id="application-reference-label" className="text-sm font-semibold text-green-900">
            {t.referenceLabel}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-2">
            <span
              data-testid="application-reference"
              aria-describedby="application-reference-label"
              className="font-mono text-2xl font-bold tracking-wide whitespace-nowrap text-green-950 select-all"
            >
              {reference}
            </span>
            <CopyButton text={reference} />
          </div>
          <p className="mt-2 text-sm text-green-900">{t.referenceNote}</p>
        </div>

        <p className="mt-6 text-slate-800">
          {emailBefore}
          <strong className="font-semibold wrap-anywhere">{email}</strong>
          {emailAfter}
        </p>
      </div>

      <h3 className="mt-8 text-xl font-bold text-slate-900">{t.nextTitle}</h3>
      <ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-800 marker:font-semibold marker:text-brand-700">
        {t.next.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>

      <StatusLinkSlot url={statusUrl} />

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-4">
        <InPageLink
          targetId={listId}
          className="inline-flex items-center justify-center rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          {t.browseJobs}
        </InPageLink>
        <Link
          to={`/job/${encodeURIComponent(jobId)}`}
          className="inline-flex items-center justify-center rounded-lg px-5 py-3 font-semibold text-brand-700 ring-1 ring-brand-700/40 hover:bg-brand-50 hover:text-brand-900"
        >
          {t.backToJob}
        </Link>
      </div>
    </section>
  );
}

/**
 * The link to the applicant's private status page (an unguessable token,
 * not the reference), when the server's answer carries one (not for a
 * repeated answer or suspected spam); nothing otherwise. url is a path on
 * this site (checked by readOutcome). It loads the page afresh, so the page
 * gets its own headers (no-store, no-referrer, noindex).
 */
function StatusLinkSlot({ url }: { url?: string }) {
  if (!url) return null;
  return (
    <p className="mt-6">
      <Link to={url} reloadDocument className="font-semibold text-brand-700 underline hover:text-brand-900">
        {t.followStatus}
      </Link>
    </p>
  );
}

/** Copies the reference; shown only where the browser lets a page write to the clipboard. */
function CopyButton({ text }: { text: string }) {
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setCanCopy(typeof navigator !== 'undefined' && !!navigator.clipboard?.writeText), []);
  if (!canCopy) return null;
  return (
    <>
      <button
        type="button"
        aria-label={`${t.copy} ${t.copyHidden}`}
        onClick={() => {
          navigator.clipboard.writeText(text).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
        className="inline-flex min-h-11 items-center rounded-lg bg-white px-4 py-2 text-sm font-semibold text-green-900 ring-1 ring-green-700/40 hover:bg-green-100"
      >
        {t.copy}
      </button>
      <span role="status" className="text-sm font-semibold text-green-900">
        {copied ? t.copied : ''}
      </span>
    </>
  );
}
