"use client";

import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { useApi } from "@/lib/client/use-api";
import { PLANS, runsOneAtATime } from "@/lib/config/plans";

const monthName = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

/** Where the user stands this month: plan, successful runs against the quota, and the per-minute limit. */
export function UsageSummary() {
  const usage = useApi("/api/usage");

  if (usage.isPending) {
    return (
      <section aria-label="Plan and usage" className="rounded-xl border border-slate-200 p-5">
        <div role="status" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <span className="sr-only">Loading usage</span>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
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
    <section aria-label="Plan and usage" className="rounded-xl border border-slate-200 p-5">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Plan">{plan.name}</Stat>
        <Stat label={`Successful runs, ${month}`}>
          {data.successful_runs.toLocaleString("en-US")} / {data.monthly_quota.toLocaleString("en-US")}
          <div
            role="progressbar"
            aria-label="Monthly quota used"
            aria-valuemin={0}
            aria-valuemax={data.monthly_quota}
            aria-valuenow={used}
            className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div className="h-full rounded-full bg-brand-600" style={{ width: `${(used / data.monthly_quota) * 100}%` }} />
          </div>
        </Stat>
        <Stat label="Rate limit">{data.requests_per_minute} requests/minute</Stat>
        <Stat label="Concurrent runs">{runsOneAtATime(plan) ? "One at a time" : data.concurrent_runs}</Stat>
      </dl>
    </section>
  );
}
