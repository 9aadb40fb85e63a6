// Legal page constants, named once.

/**
 * How long job applications and their documents are kept before they are
 * purged, unless the operator configures another period (decisions.md).
 */
export const DEFAULT_RETENTION_DAYS = 365;
