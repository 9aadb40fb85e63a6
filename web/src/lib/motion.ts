// Entrance animation timings (spec section 9). styles.css reads them as CSS
// custom properties that use-reveal.ts sets, so they live only here.

/** How long one element takes to fade and slide in. */
export const REVEAL_DURATION_MS = 1000;

/** Delay between siblings that enter together. */
export const REVEAL_STAGGER_MS = 200;

/** How far an element slides while it fades in. */
export const REVEAL_DISTANCE_PX = 20;

/** The entrance an element asks for with its data-reveal attribute. */
export type RevealKind = 'fade-in-up' | 'fade-in-left' | 'fade-in-right';
