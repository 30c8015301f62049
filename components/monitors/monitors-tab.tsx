"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState, LoadError, LoadingRows } from "@/components/ui/list-states";
import type { MonitorDto } from "@/lib/monitors/schema";
import { CheckHistory } from "./check-history";
import { CreateMonitorCard } from "./create-monitor-card";
import { scheduleText, whenText } from "./schedule-text";
import { useMonitors, useRunMonitor, useUpdateMonitor } from "./use-monitors";

function MonitorItem({ monitor }: { monitor: MonitorDto }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateMonitor();
  const run = useRunMonitor();
  const historyId = `monitor-${monitor.id}-history`;
  return (
    <li className="py-4" aria-label={monitor.name}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {monitor.name}
            {monitor.enabled ? <Badge variant="green">Active</Badge> : <Badge variant="secondary">Paused</Badge>}
          </h3>
          <p className="text-sm text-slate-600">
            <span className="font-mono">{scheduleText(monitor.schedule)}</span> · {monitor.urls.length}{" "}
            {monitor.urls.length === 1 ? "URL" : "URLs"}
          </p>
          <p className="text-xs text-slate-500">
            Next check {whenText(monitor.next_check_at)} · Last check {whenText(monitor.last_check_at)}
            {monitor.consecutive_failures > 0 ? ` · ${monitor.consecutive_failures} failed in a row` : ""}
          </p>
          {monitor.paused_reason ? <p className="mt-1 text-sm text-amber-800">{monitor.paused_reason}</p> : null}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={!monitor.enabled || run.isPending}
            onClick={() => run.mutate({ params: { id: monitor.id } })}
            aria-label={`Run now: ${monitor.name}`}
          >
            Run now
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={update.isPending}
            onClick={() => update.mutate({ params: { id: monitor.id }, body: { enabled: !monitor.enabled } })}
            aria-label={`${monitor.enabled ? "Pause" : "Resume"}: ${monitor.name}`}
          >
            {monitor.enabled ? "Pause" : "Resume"}
          </Button>
          <Button variant="outline" size="sm" aria-expanded={open} aria-controls={historyId} onClick={() => setOpen(!open)}>
            {open ? "Hide history" : "History"}
          </Button>
        </div>
      </div>
      {open ? (
        <div id={historyId} className="mt-3 rounded-lg border border-slate-200 p-3">
          <CheckHistory monitorId={monitor.id} />
        </div>
      ) : null}
    </li>
  );
}

/** docs/product.md#monitors-tab: the user's monitors with pause, run now and their check history; and the form to add one. */
export function MonitorsTab() {
  const monitors = useMonitors();
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card>
        <CardHeader className="flex flex-row items-start justify-between gap-4">
          <div>
            <CardTitle as="h2">Your monitors</CardTitle>
            <CardDescription>Pages checked on a schedule; you hear about changes only.</CardDescription>
          </div>
          <Button variant="outline" size="sm" onClick={() => monitors.refetch()} disabled={monitors.isFetching}>
            {monitors.isFetching ? "Refreshing…" : "Refresh"}
          </Button>
        </CardHeader>
        <CardContent>
          {monitors.isPending ? (
            <LoadingRows label="Loading monitors" />
          ) : monitors.isError ? (
            <LoadError what="your monitors" error={monitors.error} onRetry={() => monitors.refetch()} />
          ) : monitors.data.length === 0 ? (
            <EmptyState title="No monitors yet">Create one to watch a page's prices or content over time.</EmptyState>
          ) : (
            <ul className="divide-y divide-slate-200" aria-label="Monitors">
              {monitors.data.map((monitor) => (
                <MonitorItem key={monitor.id} monitor={monitor} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <CreateMonitorCard />
    </div>
  );
}
