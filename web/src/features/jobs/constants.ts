// Job listing constants (spec section 9), named once.

/** How long a job link shows its click feedback pulse before the page changes. */
export const JOB_LINK_PULSE_MS = 300;
