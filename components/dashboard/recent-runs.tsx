"use client";

import { useQuery } from "@tanstack/react-query";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { relativeTime } from "@/lib/format";
import type { RunSummaryDto } from "@/lib/runs/dto";
import { EmptyState, LoadError, LoadingRows } from "./list-states";

/** How many runs the dashboard lists; the rest are one GET /api/runs?page= away. */
const RECENT_RUNS = 5;

interface RunsPage {
  data: RunSummaryDto[];
  total: number;
}

const STATUS: Record<string, { label: string; variant: BadgeVariant }> = {
  success: { label: "Success", variant: "green" },
  failed: { label: "Failed", variant: "destructive" },
  running: { label: "Running", variant: "blue" },
};

function formatDuration(ms: number | null): string {
  if (ms === null) return "—";
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function RunRow({ run }: { run: RunSummaryDto }) {
  const status = STATUS[run.status] ?? { label: run.status, variant: "secondary" };
  return (
    <tr className="border-t border-slate-100 align-top">
      <td className="py-3 pr-4 font-medium text-slate-900">{run.scraper_name}</td>
      <td className="max-w-xs py-3 pr-4">
        <span className="block truncate font-mono text-xs text-slate-700" title={run.url}>
          {run.url}
        </span>
        {run.error ? <span className="mt-1 block text-xs text-red-700">{run.error}</span> : null}
      </td>
      <td className="py-3 pr-4">
        <Badge variant={status.variant}>{status.label}</Badge>
      </td>
      <td className="py-3 pr-4 tabular-nums">{run.item_count}</td>
      <td className="py-3 pr-4 tabular-nums">{formatDuration(run.duration_ms)}</td>
      <td className="py-3 whitespace-nowrap text-slate-600">
        <time dateTime={run.created_at} title={new Date(run.created_at).toLocaleString("en-US")}>
          {relativeTime(new Date(run.created_at))}
        </time>
      </td>
    </tr>
  );
}

/** The user's latest runs made through the API, under the usage summary. */
export function RecentRuns() {
  const runs = useQuery<RunsPage>({ queryKey: [`/api/runs?per_page=${RECENT_RUNS}`] });

  return (
    <Card role="region" aria-labelledby="recent-runs-title">
      <CardHeader>
        <CardTitle id="recent-runs-title">Recent runs</CardTitle>
        <CardDescription>Your latest scraper runs through the API. Failed runs do not count against your quota.</CardDescription>
      </CardHeader>
      <CardContent>
        {runs.isPending ? (
          <LoadingRows label="Loading recent runs" count={3} rowClassName="h-10 w-full" />
        ) : runs.isError ? (
          <LoadError what="your recent runs" error={runs.error} onRetry={() => runs.refetch()} />
        ) : runs.data.data.length === 0 ? (
          <EmptyState title="No runs yet">
            Call POST /api/scrapers/{"{id}"}/run with one of your API keys and your runs show up here.
          </EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                Your {runs.data.data.length} most recent runs of {runs.data.total}
              </caption>
              <thead className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="pb-2 pr-4">
                    Scraper
                  </th>
                  <th scope="col" className="pb-2 pr-4">
                    Page
                  </th>
                  <th scope="col" className="pb-2 pr-4">
                    Status
                  </th>
                  <th scope="col" className="pb-2 pr-4">
                    Items
                  </th>
                  <th scope="col" className="pb-2 pr-4">
                    Duration
                  </th>
                  <th scope="col" className="pb-2">
                    When
                  </th>
                </tr>
              </thead>
              <tbody>
                {runs.data.data.map((run) => (
                  <RunRow key={run.id} run={run} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
