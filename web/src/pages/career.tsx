import pages from '../../../content/pages.json';
import copy from '../../../content/career.json';
import { PageBanner } from '../components/page-banner';
import { Benefits } from '../features/career/benefits';
import { OfficeGallery } from '../features/career/office-gallery';
import { SeePositionsLink } from '../features/career/see-positions-link';
import { WhoWeAre } from '../features/career/who-we-are';
import { OpenPositions } from '../features/jobs/open-positions';
import { useDocumentTitle } from '../lib/meta';
import { useReveal } from '../lib/use-reveal';

/** The open-positions heading: the banner's link jumps to it. */
const POSITIONS_ID = 'open-positions';

export default function CareerPage() {
  useDocumentTitle(pages['/career'].title);
  const ref = useReveal<HTMLDivElement>();
  return (
    <div ref={ref}>
      <PageBanner eyebrow={copy.banner.eyebrow} title={copy.banner.title} lead={copy.banner.lead}>
        <SeePositionsLink targetId={POSITIONS_ID} label={copy.banner.cta} />
      </PageBanner>
      <WhoWeAre />
      <OfficeGallery />
      <Benefits />
      <OpenPositions headingId={POSITIONS_ID} copy={copy.openPositions} />
    </div>
  );
}
