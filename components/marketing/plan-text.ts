import type { Plan } from "@/lib/config/plans";

/** "$49" — the plan table holds whole US dollars per month. */
export function planPrice(plan: Plan): string {
  return `$${plan.priceUsd.toLocaleString("en-US")}`;
}
