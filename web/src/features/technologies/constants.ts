// Technologies page constants from the spec (section 9), named once.

/** Delay between technology cards entering together. */
export const TECH_CARD_STAGGER_MS = 150;

/** How long one scroll of the vendor logo carousel takes. */
export const VENDOR_SCROLL_MS = 500;

/** Logos moved by one arrow press. */
export const VENDOR_SLIDES_TO_SCROLL = 1;

// Logos per view: 4 on wide screens, 3 at 1024px and below, 2 at 768px and
// below, 1 at 480px and below. Tailwind needs literal class names, so these
// live as basis classes in vendor-carousel.tsx (min-[1025px]: etc.), where
// the server HTML already lays them out.
