import { Section } from '../../components/section';
import { ServiceCards, type ServiceCard } from './service-cards';
import { ServicesArt } from './services-art';

export interface ServicesOverviewCopy {
  overview: { heading: string; intro: string; imageLabel: string };
  cards: ServiceCard[];
  learnMore: string;
  learnMoreHidden: string;
}

/** The Our Services body: heading, the illustration and the three service cards. */
export function ServicesOverview({ copy }: { copy: ServicesOverviewCopy }) {
  return (
    <Section id="services-title" title={copy.overview.heading} intro={copy.overview.intro} asServed>
      <div className="mt-12 grid items-center gap-10 lg:grid-cols-[5fr_7fr] lg:gap-16">
        <div data-reveal="fade-in-left" className="mx-auto w-full max-w-md lg:max-w-none">
          <ServicesArt label={copy.overview.imageLabel} />
        </div>
        <ServiceCards cards={copy.cards} learnMore={copy.learnMore} learnMoreHidden={copy.learnMoreHidden} />
      </div>
    </Section>
  );
}
