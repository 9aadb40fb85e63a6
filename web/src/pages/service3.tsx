import pages from '../../../content/pages.json';
import copy from '../../../content/service3.json';
import { CallToAction } from '../components/call-to-action';
import { PageBanner } from '../components/page-banner';
import { CONSULTING_PRICES } from '../features/services/constants';
import { ConsultingServices } from '../features/services/consulting-services';
import { PlanGrid } from '../features/services/plan-grid';
import { withPrices } from '../features/services/plans';
import { PointList } from '../features/services/point-list';
import { ServiceSection } from '../features/services/service-section';
import { useDocumentTitle } from '../lib/meta';
import { useReveal } from '../lib/use-reveal';


export default function Service3Page() {
  useDocumentTitle(pages['/service3'].title);
  const ref = useReveal<HTMLDivElement>();
  const plans = withPrices(copy.plans.items, CONSULTING_PRICES);
  return (
    <div ref={ref}>
      <PageBanner eyebrow={copy.banner.eyebrow} title={copy.banner.title} lead={copy.banner.lead} />
      <ServiceSection id="services-title" heading={copy.services.heading} intro={copy.services.intro} muted>
        <ConsultingServices copy={copy.services} />
      </ServiceSection>
      <ServiceSection id="plans-title" heading={copy.plans.heading} intro={copy.plans.intro} asServed>
        <PlanGrid plans={plans} priceNote={copy.plans.priceNote} />
      </ServiceSection>
      <ServiceSection id="why-title" heading={copy.why.heading} intro={copy.why.intro} muted asServed>
        <PointList items={copy.why.items} />
      </ServiceSection>
      <CallToAction copy={copy.cta} tone="dark" />
    </div>
  );
}
