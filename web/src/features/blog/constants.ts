// Blog carousel constants from the spec (section 9), named once. Slides
// per view (3, 2 below 1024px, 1 below 768px) are Tailwind basis classes
// in blog-carousel.tsx so the server HTML already has the right layout.

/** How long one scroll of the carousel takes. */
export const BLOG_SCROLL_MS = 500;

/** Slides moved by one arrow press. */
export const BLOG_SLIDES_TO_SCROLL = 1;
