"use client";

import { useApi } from "@/client/use-api";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LoadError, LoadingRows } from "@/components/ui/list-states";
import type { CheckDto, CheckStatus, CheckUrlResult } from "@/lib/monitors/schema";
import { whenText } from "./schedule-text";

/** Checks the history shows; the rest are one GET /api/monitors/{id}/checks?page= away. */
const HISTORY_CHECKS = 20;

export const CHECK_STATUS: Record<CheckStatus, { label: string; variant: BadgeVariant }> = {
  running: { label: "Running", variant: "blue" },
  new: { label: "First check", variant: "secondary" },
  same: { label: "No change", variant: "secondary" },
  changed: { label: "Changed", variant: "green" },
  failed: { label: "Failed", variant: "destructive" },
  skipped_quota: { label: "Skipped: quota used up", variant: "outline" },
  skipped_overlap: { label: "Skipped: previous check running", variant: "outline" },
};

const show = (value: unknown) =>
  value === null || value === undefined ? "—" : typeof value === "string" ? value : JSON.stringify(value);

/** A unified diff with its added and removed lines marked (colour and a +/− sign, not colour alone). */
function Patch({ patch }: { patch: string }) {
  return (
    <pre className="mt-2 max-h-64 overflow-auto rounded-md bg-slate-50 p-2 text-xs">
      {patch.split("\n").map((line, i) => (
        <span
          key={i}
          className={
            line.startsWith("+") && !line.startsWith("+++")
              ? "block bg-green-50 text-green-800"
              : line.startsWith("-") && !line.startsWith("---")
                ? "block bg-red-50 text-red-800"
                : "block text-slate-600"
          }
        >
          {line || " "}
        </span>
      ))}
    </pre>
  );
}

function UrlChanges({ result }: { result: CheckUrlResult }) {
  return (
    <li className="py-2">
      <p className="flex flex-wrap items-center gap-2 text-xs">
        <span className="font-mono text-slate-800">{result.url}</span>
        <span className="font-medium text-slate-600">{result.status}</span>
        {result.price !== null ? <span className="text-slate-600">price {result.price}</span> : null}
      </p>
      {result.error ? <p className="text-xs text-red-700">{result.error.message}</p> : null}
      {result.items && result.items.changes.length > 0 ? (
        <table className="mt-1 w-full text-left text-xs">
          <caption className="sr-only">Changes on {result.url}</caption>
          <thead>
            <tr className="text-slate-500">
              <th scope="col" className="py-1 pr-2 font-medium">
                Item
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Field
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Before
              </th>
              <th scope="col" className="py-1 font-medium">
                After
              </th>
            </tr>
          </thead>
          <tbody>
            {result.items.changes.flatMap((change) =>
              change.kind === "changed"
                ? change.changes.map((field) => (
                    <tr key={`${change.key}-${field.field}`} data-testid="field-change">
                      <td className="py-1 pr-2 font-mono">{change.key}</td>
                      <td className="py-1 pr-2 font-mono">{field.field}</td>
                      <td className="py-1 pr-2">
                        <del className="bg-red-50 text-red-800">{show(field.before)}</del>
                      </td>
                      <td className="py-1">
                        <ins className="bg-green-50 text-green-800 no-underline">{show(field.after)}</ins>
                      </td>
                    </tr>
                  ))
                : [
                    <tr key={`${change.kind}-${change.key}`}>
                      <td className="py-1 pr-2 font-mono">{change.key}</td>
                      <td colSpan={3} className={change.kind === "added" ? "py-1 text-green-800" : "py-1 text-red-800"}>
                        Item {change.kind}
                      </td>
                    </tr>,
                  ],
            )}
          </tbody>
        </table>
      ) : null}
      {result.markdown?.patch ? <Patch patch={result.markdown.patch} /> : null}
      {result.markdown && result.markdown.patch === null ? (
        <p className="text-xs text-slate-600">
          The page was rewritten: {result.markdown.added_lines} lines added, {result.markdown.removed_lines} removed.
        </p>
      ) : null}
    </li>
  );
}

/**
 * The first item's price over the checks, oldest first, as a small line: for product monitors (a price on the first
 * item of the first URL). Its text alternative says where the price went.
 */
export function PriceSparkline({ checks }: { checks: CheckDto[] }) {
  const prices = [...checks]
    .reverse()
    .map((check) => check.results[0]?.price)
    .filter((price): price is number => typeof price === "number");
  if (prices.length < 2) return null;
  const [min, max] = [Math.min(...prices), Math.max(...prices)];
  const [width, height] = [160, 32];
  const points = prices
    .map((price, i) => {
      const x = (i / (prices.length - 1)) * width;
      const y = max === min ? height / 2 : height - ((price - min) / (max - min)) * (height - 4) - 2;
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(" ");
  const label = `Price over the last ${prices.length} checks: from ${prices[0]} to ${prices.at(-1)} (lowest ${min}, highest ${max})`;
  return (
    <figure className="flex items-center gap-2 text-xs text-slate-600">
      <svg
        role="img"
        aria-label={label}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        data-testid="price-sparkline"
      >
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" className="text-brand-600" />
      </svg>
      <figcaption>
        {prices.at(-1)} <span className="text-slate-500">(was {prices[0]})</span>
      </figcaption>
    </figure>
  );
}

export function CheckHistory({ monitorId }: { monitorId: number }) {
  const checks = useApi("/api/monitors/{id}/checks", { params: { id: monitorId }, query: { per_page: HISTORY_CHECKS } });
  if (checks.isPending) return <LoadingRows label="Loading checks" count={2} rowClassName="h-8 w-full" />;
  if (checks.isError) return <LoadError what="the checks" error={checks.error} onRetry={() => checks.refetch()} />;
  // Checks end on their own: read again on request, not polled.
  const refresh = (
    <Button variant="outline" size="sm" onClick={() => checks.refetch()} disabled={checks.isFetching}>
      {checks.isFetching ? "Refreshing…" : "Refresh checks"}
    </Button>
  );
  if (checks.data.data.length === 0) {
    return (
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-slate-600">No checks yet.</p>
        {refresh}
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <PriceSparkline checks={checks.data.data} />
        {refresh}
      </div>
      <ol className="divide-y divide-slate-100" aria-label="Checks, newest first">
        {checks.data.data.map((check) => (
          <li key={check.id} className="py-2">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <Badge variant={CHECK_STATUS[check.status].variant}>{CHECK_STATUS[check.status].label}</Badge>
              <time dateTime={check.created_at} className="text-slate-600">
                {whenText(check.created_at)}
              </time>
              {check.manual ? <span className="text-xs text-slate-500">run now</span> : null}
            </p>
            {check.error ? <p className="text-xs text-slate-700">{check.error}</p> : null}
            {check.status === "changed" || check.status === "failed" ? (
              <ul className="divide-y divide-slate-50">
                {check.results
                  .filter((result) => result.status !== "same")
                  .map((result) => (
                    <UrlChanges key={result.url} result={result} />
                  ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
