// Home page constants from the spec (section 9), named once.

/** The hero headline switches from the welcome text after this long, once. */
export const HEADLINE_SWITCH_MS = 3000;
