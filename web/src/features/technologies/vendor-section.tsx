import { VendorCarousel, type Vendor, type VendorCarouselCopy } from './vendor-carousel';

export interface VendorSectionCopy {
  heading: string;
  intro: string;
  carousel: VendorCarouselCopy;
  logos: Vendor[];
}

/** The technology partners: a heading and their logo carousel. */
export function VendorSection({ copy }: { copy: VendorSectionCopy }) {
  return (
    <section aria-labelledby="vendors-title" className="overflow-x-clip bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 lg:px-6">
        <div data-reveal="fade-in-up" className="max-w-2xl">
          <h2 id="vendors-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {copy.heading}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{copy.intro}</p>
        </div>
        <div data-reveal="fade-in-up" className="mt-10">
          <VendorCarousel vendors={copy.logos} copy={copy.carousel} />
        </div>
      </div>
    </section>
  );
}
