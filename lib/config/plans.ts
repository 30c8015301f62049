// The one plan table (docs/product.md#plans-and-limits). Pricing, the API docs FAQ, the dashboard and limit enforcement
// all read it.

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
  /** Runs in flight at once; Free's "none" means one at a time. */
  concurrentRuns: number;
  /** How the marketing copy states concurrency. */
  concurrentRunsLabel: string;
  /** Number of catalogue scrapers included; null = all. */
  scraperCount: number | null;
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
    concurrentRunsLabel: "none",
    scraperCount: 5,
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
    concurrentRunsLabel: "5",
    scraperCount: null,
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
    concurrentRunsLabel: "20",
    scraperCount: null,
    support: "priority",
  },
};

export const PLAN_LIST: readonly Plan[] = PLAN_IDS.map((id) => PLANS[id]);

/** For names read from outside the type system (command lines); values from the database are PlanIds already. */
export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}

/** A plan may run a scraper when its rank (its place in PLAN_IDS) is at least the scraper's required plan's. */
export function planIncludes(plan: PlanId, requiredPlan: PlanId): boolean {
  return PLAN_IDS.indexOf(plan) >= PLAN_IDS.indexOf(requiredPlan);
}

const SUPPORT_LABELS: Record<Plan["support"], string> = {
  basic: "Basic support",
  email: "Email support",
  priority: "Priority support",
};

export interface PlanFeature {
  text: string;
  included: boolean;
}

/** The marketing feature list of a plan (text plus an included flag, docs/product.md#plans-and-limits). */
export function planFeatures(plan: Plan): PlanFeature[] {
  return [
    { text: `${plan.monthlyRuns.toLocaleString("en-US")} API calls/month`, included: true },
    { text: plan.scraperCount === null ? "All scrapers" : `${plan.scraperCount} scrapers`, included: true },
    { text: SUPPORT_LABELS[plan.support], included: true },
    {
      text: plan.concurrentRunsLabel === "none" ? "Concurrent runs" : `${plan.concurrentRunsLabel} concurrent runs`,
      included: plan.concurrentRunsLabel !== "none",
    },
    { text: `${plan.requestsPerMinute} requests/minute`, included: true },
  ];
}
