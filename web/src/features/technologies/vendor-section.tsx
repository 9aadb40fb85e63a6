import type { CarouselCopy } from '../../components/carousel/carousel';
import { Section } from '../../components/section';
import { VendorCarousel, type Vendor } from './vendor-carousel';

export interface VendorSectionCopy {
  heading: string;
  intro: string;
  carousel: CarouselCopy;
  logos: Vendor[];
}

/** The technology partners: a heading and their logo carousel. */
export function VendorSection({ copy }: { copy: VendorSectionCopy }) {
  return (
    <Section id="vendors-title" title={copy.heading} intro={copy.intro} tone="muted" className="overflow-x-clip">
      <div data-reveal="fade-in-up" className="mt-10">
        <VendorCarousel vendors={copy.logos} copy={copy.carousel} />
      </div>
    </Section>
  );
}
