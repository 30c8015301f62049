"use client";

import type { ReactNode } from "react";
import { useApi } from "@/client/use-api";
import { Skeleton } from "@/components/ui/skeleton";
import { PLANS, runsOneAtATime } from "@/lib/config/plans";

const monthName = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-2">
      <dt className="text-slate-500">{label}</dt>
      <dd className="flex items-center gap-2 font-semibold text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

// One compact line (two or three short ones on a phone), so the dashboard's tabs stay in the first screen.
const SUMMARY = "flex min-h-7 flex-wrap items-center gap-x-6 gap-y-2 text-sm";

/** Where the user stands this month: plan, successful runs against the quota, and the per-minute limit. */
export function UsageSummary() {
  const usage = useApi("/api/usage");

  if (usage.isPending) {
    return (
      <section aria-label="Plan and usage" className="rounded-xl border border-slate-200 px-4 py-3">
        <div role="status" className={SUMMARY}>
          <span className="sr-only">Loading usage</span>
          <Skeleton className="h-5 w-full max-w-xl" />
        </div>
      </section>
    );
  }
  if (usage.isError) {
    return <p className="text-sm text-slate-600">Your plan and usage could not be loaded. Reload the page to try again.</p>;
  }

  const { data } = usage;
  const plan = PLANS[data.plan];
  const used = Math.min(data.successful_runs, data.monthly_quota);
  const month = monthName.format(new Date(`${data.month}-01T00:00:00Z`));

  return (
    <section aria-label="Plan and usage" className="rounded-xl border border-slate-200 px-4 py-3">
      <dl className={SUMMARY}>
        <Stat label="Plan">{plan.name}</Stat>
        <Stat label={`Successful runs, ${month}`}>
          <div
            role="progressbar"
            aria-label="Monthly quota used"
            aria-valuemin={0}
            aria-valuemax={data.monthly_quota}
            aria-valuenow={used}
            className="h-2 w-24 overflow-hidden rounded-full bg-slate-100"
          >
            <div className="h-full rounded-full bg-brand-600" style={{ width: `${(used / data.monthly_quota) * 100}%` }} />
          </div>
          {data.successful_runs.toLocaleString("en-US")} / {data.monthly_quota.toLocaleString("en-US")}
        </Stat>
        <Stat label="Rate limit">{data.requests_per_minute} requests/minute</Stat>
        <Stat label="Concurrent runs">{runsOneAtATime(plan) ? "One at a time" : data.concurrent_runs}</Stat>
      </dl>
    </section>
  );
}
