// Services page constants from the spec (section 9), named once.

/** Delay between service cards entering, per card index. */
export const SERVICE_CARD_DELAY_MS = 200;
