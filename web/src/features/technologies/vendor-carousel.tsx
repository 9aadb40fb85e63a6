import { Carousel, type CarouselCopy } from '../../components/carousel/carousel';
import { VENDOR_SCROLL_MS, VENDOR_SLIDES_TO_SCROLL } from './constants';
import { VendorMark } from './vendor-marks';

export interface Vendor {
  /** Key of the logo mark (see vendor-marks.tsx). */
  mark: string;
  name: string;
}

interface Props {
  vendors: Vendor[];
  copy: CarouselCopy;
}

/**
 * Partner logos in an endless carousel: four per view on wide screens,
 * three at 1024px and below, two at 768px and below, one at 480px and
 * below; dots and arrows.
 */
export function VendorCarousel({ vendors, copy }: Props) {
  return (
    <Carousel
      items={vendors}
      getKey={(vendor) => vendor.mark}
      renderItem={(vendor) => (
        <div className="flex h-28 items-center justify-center gap-3 rounded-2xl bg-white px-4 shadow-sm ring-1 ring-slate-200">
          <VendorMark mark={vendor.mark} />
          <span className="text-xl font-semibold tracking-tight text-slate-800">{vendor.name}</span>
        </div>
      )}
      copy={copy}
      slideBasis="basis-full min-[481px]:basis-1/2 min-[769px]:basis-1/3 min-[1025px]:basis-1/4"
      scrollMs={VENDOR_SCROLL_MS}
      slidesToScroll={VENDOR_SLIDES_TO_SCROLL}
    />
  );
}
