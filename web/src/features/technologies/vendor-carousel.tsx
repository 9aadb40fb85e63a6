import { CarouselArrow, CarouselDots } from '../../components/carousel/carousel-controls';
import { useCarousel } from '../../components/carousel/use-carousel';
import { fill } from '../../lib/text';
import { VENDOR_SCROLL_MS, VENDOR_SLIDES_TO_SCROLL } from './constants';
import { VendorMark } from './vendor-marks';

export interface VendorCarouselCopy {
  label: string;
  slideLabel: string;
  previous: string;
  next: string;
  dotLabel: string;
}

export interface Vendor {
  /** Key of the logo mark (see vendor-marks.tsx). */
  mark: string;
  name: string;
}

interface Props {
  vendors: Vendor[];
  copy: VendorCarouselCopy;
}

/**
 * Partner logos in an endless carousel: four per view on wide screens,
 * three at 1024px and below, two at 768px and below, one at 480px and
 * below; dots and arrows.
 */
export function VendorCarousel({ vendors, copy }: Props) {
  const { viewportRef, position, scrollTo, scrollPrev, scrollNext } = useCarousel({
    scrollMs: VENDOR_SCROLL_MS,
    slidesToScroll: VENDOR_SLIDES_TO_SCROLL,
  });

  return (
    <div role="group" aria-roledescription="carousel" aria-label={copy.label}>
      <div ref={viewportRef} className="overflow-hidden">
        <div className="-ml-6 flex touch-pan-y py-1">
          {vendors.map((vendor, i) => (
            <div
              key={vendor.mark}
              role="group"
              aria-roledescription="slide"
              aria-label={fill(copy.slideLabel, { index: i + 1, total: vendors.length })}
              className="min-w-0 shrink-0 grow-0 basis-full pl-6 min-[481px]:basis-1/2 min-[769px]:basis-1/3 min-[1025px]:basis-1/4"
            >
              <div className="flex h-28 items-center justify-center gap-3 rounded-2xl bg-white px-4 shadow-sm ring-1 ring-slate-200">
                <VendorMark mark={vendor.mark} />
                <span className="text-xl font-semibold tracking-tight text-slate-800">{vendor.name}</span>
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="mt-8 flex items-center gap-4">
        <CarouselDots
          count={position.snaps}
          selected={position.selected}
          label={(index) => fill(copy.dotLabel, { index })}
          onSelect={scrollTo}
        />
        <div className="ml-auto flex gap-3">
          <CarouselArrow direction="previous" label={copy.previous} disabled={!position.canPrev} onClick={scrollPrev} />
          <CarouselArrow direction="next" label={copy.next} disabled={!position.canNext} onClick={scrollNext} />
        </div>
      </div>
    </div>
  );
}
