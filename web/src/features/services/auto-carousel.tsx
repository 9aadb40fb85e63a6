import type { CSSProperties, ReactNode } from 'react';
import copy from '../../../../content/service-pages.json';
import { fill } from '../../lib/text';
import { pageItems } from './carousel-pages';
import { PauseIcon, PlayIcon } from './service-icons';
import { ROTATION_CONTROL_ATTR, useAutoCarousel, type PerViewRule } from './use-auto-carousel';

interface Props<T> {
  /** Unique on the page: names the track (data-carousel). Letters, digits and dashes. */
  id: string;
  /** The carousel's accessible name. */
  label: string;
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  intervalMs: number;
  /** Items per view by screen width, widest first; one when none matches. */
  perView?: readonly PerViewRule[];
  /** Accessible name of the dot of the page with items first..last (numbered from 1). */
  dotLabel: (first: number, last: number) => string;
}

/**
 * An auto-advancing carousel (WAI-ARIA carousel pattern): a pause/play
 * button first, then the slides, then one dot per page. Every item is in
 * the server HTML; the first page is what shows before and right after
 * hydration. Items off the page are inert and hidden from assistive
 * technology.
 */
export function AutoCarousel<T>({ id, label, items, getKey, renderItem, intervalMs, perView, dotLabel }: Props<T>) {
  const c = useAutoCarousel({ count: items.length, intervalMs, perView });
  const { carousel } = copy;

  return (
    <div role="group" aria-roledescription="carousel" aria-label={label} {...c.rootProps}>
      <div className="flex justify-end">
        <button
          type="button"
          {...{ [ROTATION_CONTROL_ATTR]: '' }}
          aria-label={c.playing ? carousel.pauseLabel : carousel.playLabel}
          onClick={c.togglePlaying}
          className="inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-4 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-slate-300 hover:bg-brand-50"
        >
          {c.playing ? <PauseIcon className="size-4" /> : <PlayIcon className="size-4" />}
          {c.playing ? carousel.pause : carousel.play}
        </button>
      </div>
      <div className="mt-4 overflow-hidden" aria-live={c.rotating ? 'off' : 'polite'}>
        <div
          data-carousel={id}
          className="-ml-6 flex py-2 transition-transform duration-500 ease-out motion-reduce:transition-none"
          style={{ ...perViewVars(perView), transform: `translateX(calc(${-c.offset} * 100% / var(--per-view)))` }}
        >
          {items.map((item, i) => {
            const shown = c.isShown(i);
            return (
              <div
                key={getKey(item)}
                role="group"
                aria-roledescription="slide"
                aria-label={fill(carousel.slideLabel, { index: i + 1, total: items.length })}
                aria-hidden={shown ? undefined : true}
                inert={!shown}
                className={`flex min-w-0 shrink-0 grow-0 basis-[calc(100%/var(--per-view))] pl-6 transition-opacity duration-500 motion-reduce:transition-none ${
                  shown ? 'opacity-100' : 'opacity-0'
                }`}
              >
                {renderItem(item, i)}
              </div>
            );
          })}
        </div>
      </div>
      {c.pages > 1 && (
        <div role="group" aria-label={carousel.dotsLabel} className="mt-6 flex flex-wrap justify-center gap-1">
          {Array.from({ length: c.pages }, (_, p) => {
            const [first, last] = pageItems(p, c.perView, items.length);
            const current = p === c.page;
            return (
              <button
                key={p}
                type="button"
                aria-label={dotLabel(first + 1, last + 1)}
                aria-current={current ? 'true' : undefined}
                onClick={() => c.goTo(p)}
                className="group flex size-11 items-center justify-center rounded-full"
              >
                <span
                  className={`h-2.5 rounded-full transition-all motion-reduce:transition-none ${
                    current ? 'w-7 bg-brand-700' : 'w-2.5 bg-slate-400 group-hover:bg-slate-600'
                  }`}
                />
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}

/**
 * The media queries styles.css has a per-view variable for. The track's
 * --per-view is chosen there, in the style sheet, so the server HTML has
 * the right number of items per row on any screen; the page only sets
 * the variables in its style attribute (the Content-Security-Policy
 * refuses <style> elements).
 */
const PER_VIEW_VARS: Readonly<Record<string, string>> = {
  '(min-width: 768px)': '--per-view-md',
  '(min-width: 1024px)': '--per-view-lg',
};

/** The track's per-view variables for rules, e.g. {'--per-view-lg': 3}. */
function perViewVars(rules: readonly PerViewRule[] = []): CSSProperties {
  const vars: Record<string, number> = {};
  for (const r of rules) {
    const name = PER_VIEW_VARS[r.query];
    if (!name) throw new Error(`AutoCarousel: no per-view variable for ${r.query} in styles.css`);
    vars[name] = r.perView;
  }
  return vars as CSSProperties;
}
