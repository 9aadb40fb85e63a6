import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState } from 'react';
import { REDUCED_MOTION } from '../../lib/breakpoints';
import { emblaDuration } from './embla-duration';

// The options type, without importing embla-carousel (a dependency of the hook's package) by name.
type EmblaOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;

export interface CarouselSettings {
  /** How long one scroll takes (the spec's "speed"). */
  scrollMs: number;
  /** Slides moved by one arrow press. */
  slidesToScroll: number;
}

/** Where the carousel stands; all zero/false until Embla starts in the browser. */
export interface CarouselPosition {
  snaps: number;
  selected: number;
  canPrev: boolean;
  canNext: boolean;
}

const idle: CarouselPosition = { snaps: 0, selected: 0, canPrev: false, canNext: false };

/**
 * An endless Embla carousel. Slides per view come from the slides' own
 * widths (CSS), so the server HTML already shows the right layout; Embla
 * takes over in the browser. Visitors who prefer reduced motion get jumps
 * instead of glides.
 */
export function useCarousel({ scrollMs, slidesToScroll }: CarouselSettings) {
  const options: EmblaOptions = {
    loop: true,
    align: 'start',
    slidesToScroll,
    duration: emblaDuration(scrollMs),
    // Embla evaluates any media query here.
    breakpoints: { [REDUCED_MOTION]: { duration: 0 } },
  };
  // The hook compares options by value, so a fresh object each render is fine.
  const [viewportRef, api] = useEmblaCarousel(options);
  const [position, setPosition] = useState<CarouselPosition>(idle);

  useEffect(() => {
    if (!api) return;
    const sync = () =>
      setPosition({
        snaps: api.scrollSnapList().length,
        selected: api.selectedScrollSnap(),
        canPrev: api.canScrollPrev(),
        canNext: api.canScrollNext(),
      });
    sync();
    api.on('select', sync).on('reInit', sync);
    return () => {
      api.off('select', sync).off('reInit', sync);
    };
  }, [api]);

  return {
    viewportRef,
    position,
    scrollTo: (index: number) => api?.scrollTo(index),
    scrollPrev: () => api?.scrollPrev(),
    scrollNext: () => api?.scrollNext(),
  };
}
