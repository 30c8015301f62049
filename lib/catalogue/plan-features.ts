import { type Plan, planIncludes, rendersAlways, runsOneAtATime } from "@/lib/config/plans";
import { CATALOGUE } from "./seed-data";

// What each plan offers, as the pricing, the API docs' FAQ and the terms show it (docs/product.md#plans-and-limits):
// derived from the plan table and the catalogue's required plans, so neither restates the other.

/** How many catalogue scrapers a plan runs (those whose required plan it includes), or "all" of them. */
export function includedScrapers(plan: Plan): number | "all" {
  const count = CATALOGUE.filter((entry) => planIncludes(plan.id, entry.requiredPlan)).length;
  return count === CATALOGUE.length ? "all" : count;
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
  const scrapers = includedScrapers(plan);
  return [
    { text: `${plan.monthlyRuns.toLocaleString("en-US")} API calls/month`, included: true },
    { text: scrapers === "all" ? "All scrapers" : `${scrapers} scrapers`, included: true },
    { text: SUPPORT_LABELS[plan.support], included: true },
    {
      text: runsOneAtATime(plan) ? "Concurrent runs" : `${plan.concurrentRuns} concurrent runs`,
      included: !runsOneAtATime(plan),
    },
    { text: `${plan.requestsPerMinute} requests/minute`, included: true },
    { text: rendersAlways(plan) ? "JavaScript rendering and screenshots" : "JavaScript rendering when needed", included: true },
  ];
}
