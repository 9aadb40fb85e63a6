import pages from '../../../content/pages.json';
import copy from '../../../content/service1.json';
import { CallToAction } from '../components/call-to-action';
import { PageBanner } from '../components/page-banner';
import { BenefitCards } from '../features/services/benefit-cards';
import { CUSTOM_SOFTWARE_PRICES } from '../features/services/constants';
import { PlanGrid } from '../features/services/plan-grid';
import { withPrices } from '../features/services/plans';
import { ProcessSteps } from '../features/services/process-steps';
import { ServiceSection } from '../features/services/service-section';
import { TechChips } from '../features/services/tech-chips';
import { useDocumentTitle } from '../lib/meta';
import { useReveal } from '../lib/use-reveal';


export default function Service1Page() {
  useDocumentTitle(pages['/service1'].title);
  const ref = useReveal<HTMLDivElement>();
  const plans = withPrices(copy.plans.items, CUSTOM_SOFTWARE_PRICES);
  return (
    <div ref={ref}>
      <PageBanner eyebrow={copy.banner.eyebrow} title={copy.banner.title} lead={copy.banner.lead} />
      <ServiceSection id="benefits-title" heading={copy.benefits.heading} intro={copy.benefits.intro} asServed>
        <BenefitCards items={copy.benefits.items} columns={4} />
      </ServiceSection>
      <ServiceSection id="process-title" heading={copy.process.heading} intro={copy.process.intro} muted asServed>
        <ProcessSteps steps={copy.process.steps} />
      </ServiceSection>
      <ServiceSection id="technologies-title" heading={copy.technologies.heading} intro={copy.technologies.intro} asServed>
        <TechChips label={copy.technologies.label} items={copy.technologies.items} />
      </ServiceSection>
      <ServiceSection id="plans-title" heading={copy.plans.heading} intro={copy.plans.intro} muted asServed>
        <PlanGrid plans={plans} priceNote={copy.plans.priceNote} />
      </ServiceSection>
      <CallToAction copy={copy.cta} tone="dark" />
    </div>
  );
}
