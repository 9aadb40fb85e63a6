import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import copy from '../../../../content/blog-pages.json';
import type { BlogSlide } from '../../gen/wire';
import { ArrowLeftIcon, ArrowRightIcon } from '../../components/icons';
import { fill } from '../../lib/text';

const t = copy.post;

/** index moved into 0..n-1, wrapping at both ends (spec §4: previous from the first goes to the last). */
export function wrapIndex(index: number, n: number): number {
  return n > 0 ? ((index % n) + n) % n : 0;
}

/** The words of the button under a section, which leads on to the next one. */
export function continueLabel(slides: readonly BlogSlide[], index: number): string {
  if (index >= slides.length - 1) return t.restart;
  const next = slides[index + 1]!;
  return next.heading ? fill(t.continue, { heading: next.heading }) : fill(t.continueUntitled, { index: index + 2 });
}

const button =
  'inline-flex items-center gap-1.5 rounded-lg px-4 py-2 font-semibold text-brand-800 ring-1 ring-brand-200 transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * A post's body, one section (slide) at a time, with Previous and Next
 * buttons that wrap around and the arrow keys while focus is inside; they
 * keep focus as the section changes. Under the section a button leads on
 * to the next one and moves focus to its start, since the reader is at the
 * end of a section when they press it.
 * Every section is in the HTML: the inactive ones carry `hidden`, so search
 * engines and the server's HTML have the whole article, and without
 * JavaScript a style shows them all (styles.css, .post-slides).
 */
export function PostSlides({ slides }: { slides: readonly BlogSlide[] }) {
  const [index, setIndex] = useState(0);
  const focusSlide = useRef(false);
  const slideRefs = useRef<(HTMLDivElement | null)[]>([]);
  const sectionRef = useRef<HTMLElement>(null);
  const total = slides.length;

  useEffect(() => {
    if (!focusSlide.current) return;
    focusSlide.current = false;
    // The reader was at the end of the last section: bring the carousel's
    // top (position and buttons) into view and start reading from there.
    slideRefs.current[index]?.focus({ preventScroll: true });
    sectionRef.current?.scrollIntoView?.({ block: 'start' });
  }, [index]);

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

  function continueReading() {
    focusSlide.current = true;
    go(1);
  }

  return (
    <section aria-roledescription="carousel" aria-label={t.slidesLabel} onKeyDown={onKeyDown} ref={sectionRef} className="post-slides scroll-mt-24">
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
            ref={(el) => {
              slideRefs.current[i] = el;
            }}
            role="group"
            aria-roledescription="slide"
            aria-label={fill(t.slideLabel, { index: i + 1, total })}
            hidden={i !== index}
            tabIndex={-1}
            className="post-slide outline-none"
          >
            <SlideBody slide={s} />
          </div>
        ))}
      </div>
      <div className="post-slides-controls mt-10 flex justify-end">
        <button type="button" aria-controls="post-slides-items" onClick={continueReading} className={button}>
          {continueLabel(slides, index)}
          <ArrowRightIcon className="size-4" />
        </button>
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
