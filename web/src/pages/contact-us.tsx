import pages from '../../../content/pages.json';
import copy from '../../../content/contact.json';
import { PageBanner } from '../components/page-banner';
import { ContactCards } from '../features/contact/contact-cards';
import { ContactForm } from '../features/contact/contact-form';
import { OfficeMap } from '../features/contact/office-map';
import { useDocumentTitle } from '../lib/meta';
import { useReveal } from '../lib/use-reveal';

export default function ContactUsPage() {
  const page = pages['/contact-us'];
  useDocumentTitle(page.title);
  const ref = useReveal<HTMLDivElement>();
  return (
    <div ref={ref}>
      <PageBanner eyebrow={copy.banner.eyebrow} title={page.title} lead={copy.banner.lead} />
      <div className="bg-slate-50 py-12 sm:py-16">
        <div className="mx-auto max-w-7xl space-y-10 px-4 lg:px-6">
          <ContactCards />
          <div className="grid items-start gap-10 lg:grid-cols-12">
            <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 lg:col-span-7">
              <h2 id="contact-form-title" className="text-2xl font-bold tracking-tight text-slate-900">
                {copy.form.heading}
              </h2>
              <p className="mt-2 text-slate-700">{copy.form.intro}</p>
              <div className="mt-6">
                <ContactForm />
              </div>
            </div>
            <div className="lg:col-span-5">
              <OfficeMap />
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
