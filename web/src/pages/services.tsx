import pages from '../../../content/pages.json';
import copy from '../../../content/services.json';
import { CallToAction } from '../components/call-to-action';
import { PageBanner } from '../components/page-banner';
import { ServicesOverview } from '../features/services-overview/services-overview';
import { useDocumentTitle } from '../lib/meta';
import { useReveal } from '../lib/use-reveal';

export default function ServicesPage() {
  const page = pages['/services'];
  useDocumentTitle(page.title);
  const ref = useReveal<HTMLDivElement>();
  return (
    <div ref={ref}>
      <PageBanner title={page.title} eyebrow={copy.banner.eyebrow} lead={copy.banner.lead} />
      <ServicesOverview copy={copy} />
      <CallToAction copy={copy.cta} />
    </div>
  );
}
