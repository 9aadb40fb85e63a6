import pages from '../../../content/pages.json';
import copy from '../../../content/technologies.json';
import { PageBanner } from '../components/page-banner';
import { TechnologyGrid } from '../features/technologies/technology-grid';
import { VendorSection } from '../features/technologies/vendor-section';
import { WhyChooseUs } from '../features/technologies/why-choose-us';
import { useDocumentTitle } from '../lib/meta';
import { useReveal } from '../lib/use-reveal';

export default function TechnologiesPage() {
  const page = pages['/technologies'];
  useDocumentTitle(page.title);
  const ref = useReveal<HTMLDivElement>();
  return (
    <div ref={ref}>
      <PageBanner title={page.title} eyebrow={copy.banner.eyebrow} lead={copy.banner.lead} />
      <TechnologyGrid copy={copy.technologies} />
      <WhyChooseUs copy={copy.whyChooseUs} />
      <VendorSection copy={copy.vendors} />
    </div>
  );
}
