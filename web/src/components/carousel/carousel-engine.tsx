import useEmblaCarousel from 'embla-carousel-react';
import { useEffect } from 'react';
import { REDUCED_MOTION } from '../../lib/breakpoints';
import { emblaDuration } from './embla-duration';
import type { CarouselSettings, EmblaApi } from './use-carousel';

export interface CarouselEngineProps extends CarouselSettings {
  /** The carousel's viewport, already on the page. */
  viewport: HTMLElement;
  /** Called with Embla's API once it runs. */
  onApi: (api: EmblaApi | undefined) => void;
}

/**
 * Runs Embla, endless, on a carousel's viewport and renders nothing. It is
 * a chunk of its own, loaded once the carousel is on the page: the
 * carousel's HTML needs no Embla, only its scrolling does. Visitors who
 * prefer reduced motion get jumps instead of glides.
 */
export default function CarouselEngine({ viewport, scrollMs, slidesToScroll, onApi }: CarouselEngineProps) {
  // Embla compares options by value, so a fresh object each render is fine.
  const [setViewport, api] = useEmblaCarousel({
    loop: true,
    align: 'start',
    slidesToScroll,
    duration: emblaDuration(scrollMs),
    // Embla evaluates any media query here.
    breakpoints: { [REDUCED_MOTION]: { duration: 0 } },
  });
  useEffect(() => setViewport(viewport), [setViewport, viewport]);
  useEffect(() => onApi(api), [onApi, api]);
  return null;
}
