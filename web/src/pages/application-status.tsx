import pages from '../../../content/pages.json';
import site from '../../../content/site.json';
import { PageBanner } from '../components/page-banner';
import { ApplicationStatusView } from '../features/application-status/application-status';
import { copy } from '../features/application-status/copy';
import { useDocumentTitle } from '../lib/meta';
import { fill } from '../lib/text';

/**
 * The applicant's status page, opened from the private link in their
 * confirmation e-mail (/application-status#t=…). Its HTML holds nothing
 * private: the script reads the link and asks the server.
 */
export default function ApplicationStatusPage() {
  const meta = pages['/application-status'];
  useDocumentTitle(meta.title);
  return (
    <>
      <PageBanner eyebrow={copy.eyebrow} title={meta.title} lead={copy.lead} />
      <div className="bg-slate-50 py-12 sm:py-16">
        <div className="mx-auto max-w-3xl px-4 lg:px-6">
          <noscript>
            <p className="mb-8 rounded-2xl bg-white p-6 font-medium text-slate-900 ring-1 ring-slate-200">
              {fill(copy.noScript, { email: site.careersEmail })}
            </p>
          </noscript>
          <ApplicationStatusView />
        </div>
      </div>
    </>
  );
}
