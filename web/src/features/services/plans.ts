/** A plan as a content file describes it; the price comes from constants.ts by id. */
export interface PlanCopy {
  id: string;
  title: string;
  description: string;
  features?: readonly string[];
  featured?: boolean;
}

export interface Plan extends PlanCopy {
  /** Whole rupees. */
  price: number;
}

/**
 * Joins each plan of a content file with its price. A plan without a
 * price is a mistake in the content or constants: it throws while
 * rendering (the page tests catch it before a visitor could).
 */
export function withPrices(plans: readonly PlanCopy[], prices: Readonly<Record<string, number>>): Plan[] {
  return plans.map((p) => {
    const price = prices[p.id];
    if (price === undefined) throw new Error(`no price for plan "${p.id}"`);
    return { ...p, price };
  });
}
