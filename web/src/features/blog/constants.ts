// Blog carousel constants from the spec (section 9), named once. Slides
// per view (3, 2 below 1024px, 1 below 768px) are Tailwind basis classes
// in blog-carousel.tsx so the server HTML already has the right layout.

/** The carousel's scroll should take about this long. */
export const BLOG_SCROLL_MS = 500;

/**
 * Embla's `duration` is not in milliseconds: it drives a spring stepped at
 * 60 frames a second with friction 0.68. Simulating that spring, 20 covers
 * 99% of a slide's distance in about 480 ms, i.e. BLOG_SCROLL_MS.
 */
export const BLOG_EMBLA_DURATION = 20;

/** Slides moved by one arrow press. */
export const BLOG_SLIDES_TO_SCROLL = 1;
