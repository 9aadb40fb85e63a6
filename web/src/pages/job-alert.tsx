import pages from '../../../content/pages.json';
import { PageBanner } from '../components/page-banner';
import { JobAlertManager } from '../features/job-alerts/alert-view';
import { useDocumentTitle } from '../lib/meta';

/**
 * A job alert's page, opened from the link in its e-mails
 * (/alerts?token=…). Its HTML holds nothing private (the page is cached
 * like any other): the script reads the link and asks the server, and
 * says it is loading until then.
 */
export default function JobAlertPage() {
  const meta = pages['/alerts'];
  useDocumentTitle(meta.title);
  return (
    <>
      <PageBanner eyebrow="Careers" title={meta.title} lead="Confirm, change or end the e-mails about new jobs." />
      <div className="bg-slate-50 py-12 sm:py-16">
        <div className="mx-auto max-w-3xl px-4 lg:px-6">
          <noscript>
            <p className="mb-8 rounded-2xl bg-white p-6 font-medium text-slate-900 ring-1 ring-slate-200">
              This page needs JavaScript to show and change your alert. Without it, you can still end the alert with the unsubscribe
              button your mail program shows on our e-mails.
            </p>
          </noscript>
          <JobAlertManager />
        </div>
      </div>
    </>
  );
}
