// The one plan table (docs/product.md#plans-and-limits). Pricing, the API docs FAQ, the dashboard and limit enforcement
// all read it. It stands on its own: what a plan offers of the catalogue is derived in lib/catalogue/plan-features.ts.
import { DAY_MS, HOUR_MS, MINUTE_MS } from "@/lib/infra/duration";

/** In rank order: each plan includes what the ones before it do. The database stores a plan as text (planOf). */
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
  /** Monitors: the shortest time between two scheduled checks of one monitor (its interval or its cron's gap). */
  monitorMinIntervalMs: number;
  /** Monitors: the URLs one monitor watches at most. */
  monitorUrls: number;
  /** Monitors a user has at most. */
  monitors: number;
  /** Crawls: the pages one crawl takes at most (its `limit`); each page is one run of monthlyRuns. */
  crawlPages: number;
  /** Crawls a user has queued or running at once. */
  activeCrawls: number;
  /** Rendering pages in a browser (`render` on runs, docs/product.md#plans-and-limits). */
  rendering: RenderingLimits;
}

/**
 * What a plan may ask of the browser. `"auto"` renders only pages that need it (an app shell, or nothing to extract
 * without it); `"always"` is `render: true`, a browser for every page, screenshots included.
 */
export interface RenderingLimits {
  /** The most a run may ask: "auto" allows `render: false | "auto"`, "always" every value. */
  mode: "auto" | "always";
  /** The longest `timeout_ms` a rendered run may ask (also its default): the render's whole deadline. */
  maxTimeoutMs: number;
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
    monitorMinIntervalMs: DAY_MS,
    monitorUrls: 5,
    monitors: 3,
    rendering: { mode: "auto", maxTimeoutMs: 15_000 },
    crawlPages: 100,
    activeCrawls: 1,
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
    monitorMinIntervalMs: HOUR_MS,
    monitorUrls: 50,
    monitors: 25,
    rendering: { mode: "always", maxTimeoutMs: 30_000 },
    crawlPages: 1000,
    activeCrawls: 3,
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
    monitorMinIntervalMs: 5 * MINUTE_MS,
    monitorUrls: 100,
    monitors: 100,
    rendering: { mode: "always", maxTimeoutMs: 60_000 },
    crawlPages: 5000,
    activeCrawls: 10,
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

/** Whether the plan may ask `render: true` (and screenshots): a browser for every page, not only those that need it. */
export function rendersAlways(plan: Plan): boolean {
  return plan.rendering.mode === "always";
}

/** One run at a time: what the pricing calls "no concurrent runs". */
export function runsOneAtATime(plan: Plan): boolean {
  return plan.concurrentRuns === 1;
}

/** The plans that include `plan`'s scrapers: it and every plan above it. */
export function plansIncluding(plan: PlanId): Plan[] {
  return PLAN_LIST.filter((candidate) => planIncludes(candidate.id, plan));
}
