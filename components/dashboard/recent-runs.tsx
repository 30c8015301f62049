"use client";

import { useApi } from "@/client/use-api";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadError, LoadingRows } from "@/components/ui/list-states";
import { relativeTime } from "@/lib/infra/format";
import type { RunSummaryDto } from "@/lib/runs/dto";
import type { RunStatus } from "@/lib/runs/status";

/** How many runs the dashboard lists; the rest are one GET /api/runs?page= away. */
const RECENT_RUNS = 5;

const STATUS: Record<RunStatus, { label: string; variant: BadgeVariant }> = {
  queued: { label: "Queued", variant: "secondary" },
  running: { label: "Running", variant: "blue" },
  success: { label: "Success", variant: "green" },
  failed: { label: "Failed", variant: "destructive" },
  cancelled: { label: "Cancelled", variant: "secondary" },
};

function formatDuration(ms: number | null): string {
  if (ms === null) return "—";
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function RunItem({ run }: { run: RunSummaryDto }) {
  const status = STATUS[run.status];
  return (
    <li className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{run.scraper_name}</span>
          <Badge variant={status.variant}>{status.label}</Badge>
          {run.rendered ? (
            <Badge variant="outline" title="The page was rendered in a browser before extraction">
              Rendered
            </Badge>
          ) : null}
        </p>
        <p className="mt-1 truncate font-mono text-xs text-slate-700" title={run.url}>
          {run.url}
        </p>
        {run.error ? <p className="mt-1 text-xs text-red-700">{run.error}</p> : null}
      </div>
      <p className="shrink-0 text-sm text-slate-600 tabular-nums sm:text-right">
        {run.item_count} {run.item_count === 1 ? "item" : "items"} · {formatDuration(run.duration_ms)} ·{" "}
        <time dateTime={run.created_at} title={new Date(run.created_at).toLocaleString("en-US")}>
          {relativeTime(new Date(run.created_at))}
        </time>
      </p>
    </li>
  );
}

/** The user's latest runs made through the API, in the scrapers tab; one short line until there are any. */
export function RecentRuns() {
  const runs = useApi("/api/runs", { query: { per_page: RECENT_RUNS } });

  if (runs.isSuccess && runs.data.data.length === 0) {
    return (
      <section aria-labelledby="recent-runs-title" className="rounded-xl border border-dashed border-slate-300 px-4 py-3 text-sm">
        <h2 id="recent-runs-title" className="inline font-semibold text-slate-900">
          Recent runs
        </h2>
        <span className="text-slate-600">
          {" · "}
          <span className="font-medium text-slate-900">No runs yet</span>. Call POST /api/scrapers/{"{id}"}/run with one of your
          API keys and your runs show up here.
        </span>
      </section>
    );
  }

  return (
    <Card role="region" aria-labelledby="recent-runs-title">
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div>
          <CardTitle as="h2" id="recent-runs-title">
            Recent runs
          </CardTitle>
          <CardDescription>
            Your latest scraper runs through the API. Queued and running runs finish in the background; failed and cancelled runs
            do not count against your quota.
          </CardDescription>
        </div>
        {/* Runs change state on their own (async runs, batches): the list is read again on request, not polled. */}
        <Button variant="outline" size="sm" onClick={() => runs.refetch()} disabled={runs.isFetching}>
          {runs.isFetching ? "Refreshing…" : "Refresh"}
        </Button>
      </CardHeader>
      <CardContent>
        {runs.isPending ? (
          <LoadingRows label="Loading recent runs" count={3} rowClassName="h-10 w-full" />
        ) : runs.isError ? (
          <LoadError what="your recent runs" error={runs.error} onRetry={() => runs.refetch()} />
        ) : (
          <>
            <ul className="divide-y divide-slate-100">
              {runs.data.data.map((run) => (
                <RunItem key={run.id} run={run} />
              ))}
            </ul>
            {runs.data.total > runs.data.data.length ? (
              <p className="mt-3 text-xs text-slate-500">
                The {runs.data.data.length} most recent of your {runs.data.total} runs; GET /api/runs lists them all.
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
