import type { ReactNode } from 'react';
import { fill } from '../../lib/text';
import { CarouselArrow, CarouselDots } from './carousel-controls';
import { useCarousel, type CarouselSettings } from './use-carousel';

export interface CarouselCopy {
  /** The carousel's accessible name. */
  label: string;
  /** A slide's name, with {index} and {total}. */
  slideLabel: string;
  previous: string;
  next: string;
  /** A dot's name, with {index}. */
  dotLabel: string;
}

interface Props<T> extends CarouselSettings {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  copy: CarouselCopy;
  /**
   * Slide widths by screen size, as literal Tailwind basis classes (e.g.
   * "basis-full md:basis-1/2"), so the server HTML has the right slides per view.
   */
  slideBasis: string;
  /** Layout and visibility of the dots row. */
  dotsClassName?: string;
}

/**
 * An endless carousel (WAI-ARIA carousel pattern) of slides with dots and
 * previous/next arrows under them; Embla runs it in the browser.
 */
export function Carousel<T>({ items, getKey, renderItem, copy, slideBasis, dotsClassName, scrollMs, slidesToScroll }: Props<T>) {
  const { viewportRef, engine, position, scrollTo, scrollPrev, scrollNext } = useCarousel({ scrollMs, slidesToScroll });

  return (
    <div role="group" aria-roledescription="carousel" aria-label={copy.label}>
      {engine}
      {/*
        relative: the viewport is the containing block of absolutely placed
        content in the slides (a card's sr-only link text), so overflow-hidden
        clips it. Otherwise, until Embla transforms the track (and always
        without script), that content in the slides off to the right widens
        the document to several screens; a phone then lays out with a
        viewport up to four times larger, and paints far below the fold
        count for the largest contentful paint.
      */}
      <div ref={viewportRef} className="relative overflow-hidden">
        <div className="-ml-6 flex touch-pan-y py-1">
          {items.map((item, i) => (
            <div
              key={getKey(item)}
              role="group"
              aria-roledescription="slide"
              aria-label={fill(copy.slideLabel, { index: i + 1, total: items.length })}
              className={`min-w-0 shrink-0 grow-0 pl-6 ${slideBasis}`}
            >
              {renderItem(item)}
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
          className={dotsClassName}
        />
        <div className="ml-auto flex gap-3">
          <CarouselArrow direction="previous" label={copy.previous} disabled={!position.canPrev} onClick={scrollPrev} />
          <CarouselArrow direction="next" label={copy.next} disabled={!position.canNext} onClick={scrollNext} />
        </div>
      </div>
    </div>
  );
}
