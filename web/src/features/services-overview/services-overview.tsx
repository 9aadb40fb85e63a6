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
    <section aria-labelledby="services-title" className="py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 lg:px-6">
        <div data-reveal="fade-in-up" className="max-w-2xl">
          <h2 id="services-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {copy.overview.heading}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{copy.overview.intro}</p>
        </div>
        <div className="mt-12 grid items-center gap-10 lg:grid-cols-[5fr_7fr] lg:gap-16">
          <div data-reveal="fade-in-left" className="mx-auto w-full max-w-md lg:max-w-none">
            <ServicesArt label={copy.overview.imageLabel} />
          </div>
          <ServiceCards cards={copy.cards} learnMore={copy.learnMore} learnMoreHidden={copy.learnMoreHidden} />
        </div>
      </div>
    </section>
  );
}
