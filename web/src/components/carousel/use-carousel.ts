import type useEmblaCarousel from 'embla-carousel-react';
import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { CarouselEngineProps } from './carousel-engine';

// Embla's API type, without importing embla-carousel (a dependency of the hook's package) by name.
export type EmblaApi = NonNullable<ReturnType<typeof useEmblaCarousel>[1]>;

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
 * An Embla carousel. Slides per view come from the slides' own widths
 * (CSS), so the server HTML already shows the right layout; Embla takes
 * over in the browser, from a chunk loaded once the carousel is on the
 * page (engine, to be rendered anywhere in the carousel).
 */
export function useCarousel({ scrollMs, slidesToScroll }: CarouselSettings): {
  viewportRef: (el: HTMLElement | null) => void;
  engine: ReactNode;
  position: CarouselPosition;
  scrollTo: (index: number) => void;
  scrollPrev: () => void;
  scrollNext: () => void;
} {
  const [viewport, viewportRef] = useState<HTMLElement | null>(null);
  const [Engine, setEngine] = useState<ComponentType<CarouselEngineProps>>();
  const [api, setApi] = useState<EmblaApi>();
  const [position, setPosition] = useState<CarouselPosition>(idle);

  useEffect(() => {
    if (!viewport || Engine) return;
    let live = true;
    // Without the chunk (a failed download) the slides stay as the server drew them.
    import('./carousel-engine').then(
      (m) => live && setEngine(() => m.default),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [viewport, Engine]);

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
    engine: Engine && viewport ? createElement(Engine, { viewport, scrollMs, slidesToScroll, onApi: setApi }) : null,
    position,
    scrollTo: (index: number) => api?.scrollTo(index),
    scrollPrev: () => api?.scrollPrev(),
    scrollNext: () => api?.scrollNext(),
  };
}
