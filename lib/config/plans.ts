// The one plan table (docs/product.md#plans-and-limits). Pricing, the API docs FAQ, the dashboard and limit enforcement
// all read it. It stands on its own: what a plan offers of the catalogue is derived in lib/catalogue/plan-features.ts.
/** In rank order: each plan includes what the ones before it do. The database's PlanId enum holds the same values. */
export const PLAN_IDS = ["free", "pro", "business"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** US dollars per month */
  priceUsd: number;
  description: string;
  popular: boolean;
  /** Successful scraper runs per calendar month (UTC). */
  monthlyRuns: number;
  requestsPerMinute: number;
  /** Runs in flight at once; 1 is what the marketing copy calls no concurrent runs. */
  concurrentRuns: number;
  support: "basic" | "email" | "priority";
}

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: "free",
    name: "Free",
    priceUsd: 0,
    description: "For trying ScrapeDeck and small side projects.",
    popular: false,
    monthlyRuns: 100,
    requestsPerMinute: 10,
    concurrentRuns: 1,
    support: "basic",
  },
  pro: {
    id: "pro",
    name: "Pro",
    priceUsd: 49,
    description: "For developers and analysts who scrape every day.",
    popular: true,
    monthlyRuns: 1000,
    requestsPerMinute: 50,
    concurrentRuns: 5,
    support: "email",
  },
  business: {
    id: "business",
    name: "Business",
    priceUsd: 199,
    description: "For teams that run scraping in production.",
    popular: false,
    monthlyRuns: 5000,
    requestsPerMinute: 200,
    concurrentRuns: 20,
    support: "priority",
  },
};

export const PLAN_LIST: readonly Plan[] = PLAN_IDS.map((id) => PLANS[id]);

/** For names read from outside the type system (command lines); values from the database are PlanIds already. */
export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}

/**
 * A plan as the database stores it (text: the list is the code's, so a new tier needs no migration). The only
 * writers are registration and `npm run user:plan`, which take PlanIds; anything else is corrupt data, not input.
 */
export function planOf(stored: string): PlanId {
  if (!isPlanId(stored)) throw new Error(`Unknown plan in the database: ${JSON.stringify(stored)}`);
  return stored;
}

/** A plan may run a scraper when its rank (its place in PLAN_IDS) is at least the scraper's required plan's. */
export function planIncludes(plan: PlanId, requiredPlan: PlanId): boolean {
  return PLAN_IDS.indexOf(plan) >= PLAN_IDS.indexOf(requiredPlan);
}

/** One run at a time: what the pricing calls "no concurrent runs". */
export function runsOneAtATime(plan: Plan): boolean {
  return plan.concurrentRuns === 1;
}

/** The plans that include `plan`'s scrapers: it and every plan above it. */
export function plansIncluding(plan: PlanId): Plan[] {
  return PLAN_LIST.filter((candidate) => planIncludes(candidate.id, plan));
}
