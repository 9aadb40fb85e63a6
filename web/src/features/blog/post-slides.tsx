import { useState, type KeyboardEvent } from 'react';
import copy from '../../../../content/blog.json';
import type { BlogSlide } from '../../gen/wire';
import { ArrowLeftIcon, ArrowRightIcon } from '../../components/icons';
import { fill } from '../../lib/text';

const t = copy.post;

/** index moved into 0..n-1, wrapping at both ends (spec §4: previous from the first goes to the last). */
export function wrapIndex(index: number, n: number): number {
  return n > 0 ? ((index % n) + n) % n : 0;
}

/**
 * A post's body, one section (slide) at a time, with Previous and Next
 * buttons that wrap around and the arrow keys while focus is inside.
 * Every section is in the HTML: the inactive ones carry `hidden`, so search
 * engines and the server's HTML have the whole article, and without
 * JavaScript a style shows them all (styles.css, .post-slides).
 */
export function PostSlides({ slides }: { slides: readonly BlogSlide[] }) {
  const [index, setIndex] = useState(0);
  const total = slides.length;
  if (total === 0) return null;
  if (total === 1) return <SlideBody slide={slides[0]!} />;

  const go = (step: number) => setIndex((i) => wrapIndex(i + step, total));

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const el = e.target as HTMLElement;
    if (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName)) return;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      go(e.key === 'ArrowLeft' ? -1 : 1);
    }
  }

  const button =
    'inline-flex items-center gap-1.5 rounded-lg px-4 py-2 font-semibold text-brand-800 ring-1 ring-brand-200 transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

  return (
    <section aria-roledescription="carousel" aria-label={t.slidesLabel} onKeyDown={onKeyDown} className="post-slides">
      <div className="post-slides-controls flex items-center justify-between gap-4 rounded-xl bg-slate-50 p-2 ring-1 ring-slate-200">
        <button type="button" aria-controls="post-slides-items" onClick={() => go(-1)} className={button}>
          <ArrowLeftIcon className="size-4" />
          {t.previous}{' '}
          <span className="sr-only">{t.previousHidden}</span>
        </button>
        <p aria-live="polite" aria-atomic="true" className="text-sm font-semibold text-slate-700">
          {fill(t.slideLabel, { index: index + 1, total })}
        </p>
        <button type="button" aria-controls="post-slides-items" onClick={() => go(1)} className={button}>
          {t.next}{' '}
          <span className="sr-only">{t.nextHidden}</span>
          <ArrowRightIcon className="size-4" />
        </button>
      </div>
      <div id="post-slides-items" className="mt-8">
        {slides.map((s, i) => (
          <div
            key={i}
            role="group"
            aria-roledescription="slide"
            aria-label={fill(t.slideLabel, { index: i + 1, total })}
            hidden={i !== index}
            className="post-slide"
          >
            <SlideBody slide={s} />
          </div>
        ))}
      </div>
    </section>
  );
}

/** One section: its heading, if it has one, and its sanitised HTML. */
function SlideBody({ slide }: { slide: BlogSlide }) {
  return (
    <>
      {slide.heading && <h2 className="text-2xl font-bold tracking-tight text-slate-900">{slide.heading}</h2>}
      <div className={`prose-html ${slide.heading ? 'mt-4' : ''}`} dangerouslySetInnerHTML={{ __html: slide.html }} />
    </>
  );
}
