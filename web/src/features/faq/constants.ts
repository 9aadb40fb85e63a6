// FAQ constants from the spec (section 9), named once.

/** Each FAQ item's entrance starts this much after the one before it (0.1 s per index). */
export const FAQ_REVEAL_STEP_MS = 100;

/** How long one FAQ item takes to fade in. */
export const FAQ_REVEAL_DURATION_MS = 500;
