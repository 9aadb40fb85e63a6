import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { mediaMatches, REDUCED_MOTION } from './breakpoints';
import { REVEAL_DISTANCE_PX, REVEAL_DURATION_MS, REVEAL_STAGGER_MS } from './motion';

// Entrance animations for elements marked data-reveal="fade-in-up" (or
// -left, -right). The server HTML shows everything; only this effect hides
// an element (data-reveal-state="pending") and only while it is watching
// it, so content stays visible when JavaScript fails or never runs.
// Siblings entering together are staggered by REVEAL_STAGGER_MS, or by the
// milliseconds their parent names in data-reveal-stagger (a feature's own
// spec timing, e.g. a card grid).

/**
 * Animates the data-reveal elements inside the returned ref's element as
 * they scroll into view. When the component was hydrated from server HTML,
 * elements already on screen stay as they are: hiding what the visitor is
 * reading to fade it back in would flicker and delay the largest paint.
 * After client-side navigation everything animates.
 */
export function useReveal<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  // Remembered from the first render: React re-renders once after hydrating.
  const hydrating = useHydrating();
  const [hydrated] = useState(hydrating);
  useEffect(() => {
    const root = ref.current;
    if (!root || typeof IntersectionObserver === 'undefined' || mediaMatches(REDUCED_MOTION)) return;

    const observer = new IntersectionObserver(
      (entries) => {
        // Siblings that enter together are staggered; one that enters alone starts at once.
        const batch = new Map<Element | null, number>();
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const el = entry.target as HTMLElement;
          const index = batch.get(el.parentElement) ?? 0;
          batch.set(el.parentElement, index + 1);
          el.style.setProperty('--reveal-delay', `${index * staggerOf(el)}ms`);
          el.dataset.revealState = 'shown';
          observer.unobserve(el);
        }
      },
      { rootMargin: '0px 0px -40px 0px' },
    );

    // Every position is read before any element is touched: a read after a
    // write would lay the page out again, once per element.
    const marked = [...root.querySelectorAll<HTMLElement>('[data-reveal]')];
    const skip = marked.map((el) => hydrated && onScreen(el));
    const watched = marked.filter((_, i) => !skip[i]);
    for (const el of watched) {
      el.style.setProperty('--reveal-duration', `${REVEAL_DURATION_MS}ms`);
      el.style.setProperty('--reveal-distance', `${REVEAL_DISTANCE_PX}px`);
      el.dataset.revealState = 'pending';
      observer.observe(el);
    }
    return () => {
      observer.disconnect();
      for (const el of watched) if (el.dataset.revealState === 'pending') delete el.dataset.revealState;
    };
  }, [hydrated]);
  return ref;
}

const noSubscription = () => () => {};

/**
 * True while React hydrates server HTML (it reads the server snapshot
 * then), false in a render that starts in the browser.
 */
function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

/** The stagger between el and the siblings entering with it. */
function staggerOf(el: HTMLElement): number {
  const own = el.parentElement?.dataset.revealStagger;
  return own ? Number(own) : REVEAL_STAGGER_MS;
}

function onScreen(el: Element): boolean {
  const r = el.getBoundingClientRect();
  return r.bottom > 0 && r.top < window.innerHeight;
}
