import pages from '../../../content/pages.json';
import copy from '../../../content/service2.json';
import { CallToAction } from '../components/call-to-action';
import { PageBanner } from '../components/page-banner';
import { BenefitCards } from '../features/services/benefit-cards';
import { CloudServices } from '../features/services/cloud-services';
import { CLOUD_PRICES } from '../features/services/constants';
import { PlanGrid } from '../features/services/plan-grid';
import { withPrices } from '../features/services/plans';
import { PointList } from '../features/services/point-list';
import { ServiceSection } from '../features/services/service-section';
import { useDocumentTitle } from '../lib/meta';
import { useReveal } from '../lib/use-reveal';


export default function Service2Page() {
  useDocumentTitle(pages['/service2'].title);
  const ref = useReveal<HTMLDivElement>();
  const plans = withPrices(copy.plans.items, CLOUD_PRICES);
  return (
    <div ref={ref}>
      <PageBanner eyebrow={copy.banner.eyebrow} title={copy.banner.title} lead={copy.banner.lead} />
      <ServiceSection id="services-title" heading={copy.services.heading} intro={copy.services.intro} muted>
        <CloudServices copy={copy.services} />
      </ServiceSection>
      <ServiceSection id="benefits-title" heading={copy.benefits.heading} intro={copy.benefits.intro} asServed>
        <BenefitCards items={copy.benefits.items} columns={3} />
      </ServiceSection>
      <ServiceSection id="plans-title" heading={copy.plans.heading} intro={copy.plans.intro} muted asServed>
        <PlanGrid plans={plans} priceNote={copy.plans.priceNote} />
      </ServiceSection>
      <ServiceSection id="why-title" heading={copy.why.heading} intro={copy.why.intro} asServed>
        <PointList items={copy.why.items} />
      </ServiceSection>
      <CallToAction copy={copy.cta} tone="dark" />
    </div>
  );
}
