import { useEffect, useRef, useState } from 'react';
import { Link } from '../../lib/router';
import copy from '../../../../content/apply.json';
import type { ApplicationSaved, Job } from '../../gen/wire';
import { useDocumentTitle } from '../../lib/meta';
import { fill } from '../../lib/text';

const t = copy.sent;
const [emailBefore, emailAfter] = t.emailCopy.split('{email}');

export interface SentApplication {
  saved: ApplicationSaved;
  /** The e-mail address the applicant typed, which the server sends its copy to. */
  email: string;
}

/**
 * The moment after an application was stored, in place of the form: its
 * own heading, which takes focus so it is read first, the reference number
 * on one line with a way to copy it, where the copy was e-mailed, what
 * happens next, and the way on. It lives in this page's state only: a
 * reload shows the (empty) form again and sends nothing.
 */
export function ApplicationSent({ job, sent }: { job: Job; sent: SentApplication }) {
  const { saved, email } = sent;
  const jobTitle = saved.jobTitle || job.jobTitle;
  useDocumentTitle(fill(t.documentTitle, { jobTitle }));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <section aria-labelledby="application-sent-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1
        id="application-sent-title"
        ref={heading}
        tabIndex={-1}
        className="text-3xl font-bold tracking-tight text-balance text-slate-900 focus:outline-none sm:text-4xl"
      >
        {t.title}
      </h1>
      <p className="mt-3 text-lg text-slate-700">{fill(saved.updated ? t.updated : t.new, { jobTitle })}</p>

      <div className="mt-6 rounded-xl bg-green-50 p-4 ring-1 ring-green-700/30 sm:p-5">
        <p id="application-reference-label" className="text-sm font-semibold text-green-900">
          {t.referenceLabel}
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-2">
          <span
            data-testid="application-reference"
            className="font-mono text-2xl font-bold tracking-wide whitespace-nowrap text-green-950 select-all"
          >
            {saved.reference}
          </span>
          <CopyButton text={saved.reference} />
        </div>
        <p className="mt-2 text-sm text-green-900">{t.referenceNote}</p>
      </div>

      <p className="mt-6 text-slate-800">
        {emailBefore}
        <strong className="font-semibold wrap-anywhere">{email}</strong>
        {emailAfter}
      </p>

      <h2 className="mt-8 text-xl font-bold text-slate-900">{t.nextTitle}</h2>
      <ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-800 marker:font-semibold marker:text-brand-700">
        {t.next.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>

      {/*
        The private status link goes here: a later change gives the answer a
        link to the applicant's status page (an unguessable token, not the
        reference), shown as "Follow your application". Until the server
        sends one, nothing is shown.
      */}
      <StatusLinkSlot />

      <nav aria-label={t.browseJobs} className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-4">
        <Link
          to="/jobs"
          className="inline-flex items-center justify-center rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          {t.browseJobs}
        </Link>
        <Link
          to={`/job/${encodeURIComponent(job.id)}`}
          className="inline-flex items-center justify-center rounded-lg px-5 py-3 font-semibold text-brand-700 ring-1 ring-brand-700/40 hover:bg-brand-50 hover:text-brand-900"
        >
          {t.backToJob}
        </Link>
      </nav>
    </section>
  );
}

/** Where the link to the applicant's private status page will be shown; renders nothing until the server sends one. */
function StatusLinkSlot() {
  return null;
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
