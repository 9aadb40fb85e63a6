import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type FocusEvent, type PointerEvent } from 'react';
import { REDUCED_MOTION } from '../../lib/breakpoints';
import { subscribeMedia, useMediaQuery } from '../../lib/use-media-query';
import { nextPageStart, pageCount, pageOf, trackOffset } from './carousel-pages';

/** From the media query on (the first rule that matches wins), show perView items. */
export interface PerViewRule {
  query: string;
  perView: number;
}

export interface AutoCarouselOptions {
  /** Number of items. */
  count: number;
  /** Time each page stays before the next one. */
  intervalMs: number;
  /** Items per view by screen width, widest first; one item when none matches. */
  perView?: readonly PerViewRule[];
}

/** Marks the pause/play button: focusing it must not pause what it controls. */
export const ROTATION_CONTROL_ATTR = 'data-rotation-control';

// The visitor's own choice beats the default, which follows prefers-reduced-motion.
type Choice = 'default' | 'play' | 'pause';

const noRules: readonly PerViewRule[] = [];

/**
 * State of a carousel that pages through items on its own: perView items
 * at a time, moving by a whole view every intervalMs and wrapping to the
 * start after the last page. It does not move while the pointer is over
 * it, while it holds keyboard focus, after the visitor pressed pause, or
 * (until they press play) when they asked their system for less motion.
 * Server render and hydration show the first page at the widest layout.
 */
export function useAutoCarousel({ count, intervalMs, perView: rules = noRules }: AutoCarouselOptions) {
  const perView = usePerView(rules);
  const reducedMotion = useMediaQuery(REDUCED_MOTION, false);
  // The first item the visitor asked for; the page shown is the one that holds it,
  // so a change of layout keeps that item in view.
  const [anchor, setAnchor] = useState(0);
  const [choice, setChoice] = useState<Choice>('default');
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Set during a click or tap inside, so the focus it gives is not taken for keyboard focus.
  const pressing = useRef(false);

  const pages = pageCount(count, perView);
  const page = pageOf(anchor, perView, count);
  const start = page * perView;
  const playing = choice === 'play' || (choice === 'default' && !reducedMotion);
  const rotating = playing && !hovered && !focused && pages > 1;

  useEffect(() => {
    if (!rotating) return;
    // Restarted by every page change, so a page chosen with a dot also stays the full interval.
    const timer = setTimeout(() => setAnchor(nextPageStart(start, perView, count)), intervalMs);
    return () => clearTimeout(timer);
  }, [rotating, start, perView, count, intervalMs]);

  const goTo = useCallback((p: number) => setAnchor(p * perView), [perView]);
  const togglePlaying = useCallback(() => setChoice(playing ? 'pause' : 'play'), [playing]);

  /** Spread on the carousel's root element. */
  const rootProps = {
    onPointerEnter: (e: PointerEvent) => {
      // A finger leaves no hover behind; taps are handled by the controls they hit.
      if (e.pointerType !== 'touch') setHovered(true);
    },
    onPointerLeave: () => {
      setHovered(false);
      pressing.current = false;
    },
    // Mouse events, not pointer events: after a tap the browser focuses the
    // button between its compatibility mousedown and mouseup.
    onMouseDown: () => {
      pressing.current = true;
    },
    onMouseUp: () => {
      pressing.current = false;
    },
    onFocus: (e: FocusEvent) => {
      setFocused(!pressing.current && !isRotationControl(e.target));
    },
    onBlur: (e: FocusEvent) => {
      if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
    },
  };

  return {
    perView,
    page,
    pages,
    /** First item of the page shown. */
    start,
    /** Item widths the track is moved by (see trackOffset). */
    offset: trackOffset(start, perView, count),
    /** Whether item i is on the page shown. */
    isShown: (i: number) => i >= start && i < start + perView,
    goTo,
    /** The visitor's intent (what the pause/play button shows). */
    playing,
    /** Whether a timer is running now. */
    rotating,
    togglePlaying,
    rootProps,
  };
}

/**
 * Keyboard focus inside pauses the carousel; focus that comes with a
 * click or tap on a dot does not (a mouse pointer over it already does),
 * and the pause/play button never does: pressing play must start the
 * rotation.
 */
function isRotationControl(target: EventTarget): boolean {
  return target instanceof Element && target.closest(`[${ROTATION_CONTROL_ATTR}]`) !== null;
}

function usePerView(rules: readonly PerViewRule[]): number {
  const subscribe = useCallback(
    (onChange: () => void) =>
      subscribeMedia(
        rules.map((r) => r.query),
        onChange,
      ),
    [rules],
  );
  return useSyncExternalStore(
    subscribe,
    () => rules.find((r) => typeof window.matchMedia === 'function' && window.matchMedia(r.query).matches)?.perView ?? 1,
    () => rules[0]?.perView ?? 1,
  );
}
