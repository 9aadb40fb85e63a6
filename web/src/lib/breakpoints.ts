// Tailwind's default breakpoints as media queries, for the few decisions
// that JavaScript makes at run time (CSS handles the rest).

/** From the md breakpoint (768px): desktop navigation. */
export const MD_UP = '(min-width: 768px)';

/** Visitors who asked the system for less motion. */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Whether query matches now. False where matchMedia is missing (server
 * render, old test environments): call it only from effects and handlers.
 */
export function mediaMatches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}
