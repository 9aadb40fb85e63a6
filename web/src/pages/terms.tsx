import pages from '../../../content/pages.json';
import site from '../../../content/site.json';
import copy from '../../../content/terms.json';
import { PageBanner } from '../components/page-banner';
import { TermsAccordion } from '../features/legal/terms-accordion';
import { TermsLastUpdated } from '../features/legal/terms-last-updated';
import { useDocumentTitle } from '../lib/meta';
import { fill } from '../lib/text';

export default function TermsPage() {
  const meta = pages['/terms'];
  useDocumentTitle(meta.title);
  return (
    <>
      <PageBanner title={meta.title} lead={meta.description} eyebrow={copy.eyebrow} />
      <div className="bg-slate-50">
        <div className="mx-auto max-w-4xl px-4 py-12 sm:py-16 lg:px-6">
          <p className="text-lg leading-relaxed text-slate-700">{fill(copy.intro, { company: site.name })}</p>
          <div className="mt-8">
            <TermsAccordion />
          </div>
          <footer className="mt-8">
            <TermsLastUpdated />
          </footer>
        </div>
      </div>
    </>
  );
}
