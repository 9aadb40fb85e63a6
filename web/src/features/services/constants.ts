// Service page constants from the spec (section 9), named once. Copy lives
// in content/service1.json, service2.json and service3.json.

/** The cloud carousel moves on after this long. */
export const CLOUD_CAROUSEL_INTERVAL_MS = 4000;

/** Cloud service groups shown, and moved, at once on wide screens. */
export const CLOUD_CAROUSEL_STEP = 3;

/** The consulting carousel (one service at a time) shows the next after this long. */
export const CONSULTING_CAROUSEL_INTERVAL_MS = 5000;

/**
 * Cloud groups per view below the wide layout (the first query that
 * matches wins; phones show one). The Tailwind classes in cloud-services.tsx
 * use the same breakpoints (md, lg) so the server HTML lays out alike.
 */
export const CLOUD_PER_VIEW = [
  { query: '(min-width: 1024px)', perView: CLOUD_CAROUSEL_STEP },
  { query: '(min-width: 768px)', perView: 2 },
] as const;

/** Plan prices in whole rupees, by the plan ids of the content files. */
export const CUSTOM_SOFTWARE_PRICES: Readonly<Record<string, number>> = {
  basic: 20_000,
  standard: 30_000,
  premium: 40_000,
};

export const CLOUD_PRICES: Readonly<Record<string, number>> = {
  cloud: 25_000,
  hybrid: 35_000,
  enterprise: 45_000,
};

export const CONSULTING_PRICES: Readonly<Record<string, number>> = {
  basic: 20_000,
  standard: 30_000,
  premium: 50_000,
};
