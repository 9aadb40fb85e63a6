// Toast limits and timings (spec section 9), named once.

/** At most this many toasts exist at once; a new one drops the oldest. */
export const TOAST_LIMIT = 20;

/** A dismissed toast animates out and leaves the DOM this long after dismissal. */
export const TOAST_REMOVE_DELAY_MS = 1000;

/** The widest a toast may be. */
export const TOAST_MAX_WIDTH_PX = 350;

/** A toast dismisses itself after being on screen this long (paused while hovered or focused). */
export const TOAST_DURATION_MS = 5000;
