import useEmblaCarousel from 'embla-carousel-react';
import { useEffect } from 'react';
import type { EmblaApi, EmblaOptions } from './use-carousel';

export interface CarouselEngineProps {
  /** The carousel's viewport, already on the page. */
  viewport: HTMLElement;
  options: EmblaOptions;
  /** Called with Embla's API once it runs (and undefined when it stops). */
  onApi: (api: EmblaApi | undefined) => void;
}

/**
 * Runs Embla on a carousel's viewport and renders nothing. It is a chunk of
 * its own, loaded once the page is on screen: the carousel's HTML needs no
 * Embla, only its scrolling does.
 */
export default function CarouselEngine({ viewport, options, onApi }: CarouselEngineProps) {
  const [setViewport, api] = useEmblaCarousel(options);
  useEffect(() => setViewport(viewport), [setViewport, viewport]);
  useEffect(() => onApi(api), [onApi, api]);
  return null;
}
