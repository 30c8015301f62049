import { Badge, type BadgeVariant } from "@/components/ui/badge";
import type { CrawlStatus, PageState } from "@/lib/crawls/status";

const STATUS: Record<CrawlStatus | PageState, { label: string; variant: BadgeVariant }> = {
  queued: { label: "Queued", variant: "secondary" },
  running: { label: "Running", variant: "blue" },
  completed: { label: "Completed", variant: "green" },
  succeeded: { label: "Succeeded", variant: "green" },
  failed: { label: "Failed", variant: "destructive" },
  cancelled: { label: "Cancelled", variant: "secondary" },
};

export function CrawlStatusBadge({ status }: { status: CrawlStatus | PageState }) {
  const { label, variant } = STATUS[status];
  return <Badge variant={variant}>{label}</Badge>;
}

/** Pages ended of the crawl's limit, as a bar and its figures. */
export function CrawlProgress({ ended, limit, discovered }: { ended: number; limit: number; discovered: number }) {
  const share = limit > 0 ? Math.min(100, Math.round((ended / limit) * 100)) : 0;
  return (
    <div className="min-w-40">
      <div
        className="h-2 w-full overflow-hidden rounded bg-slate-200"
        role="progressbar"
        aria-label="Pages done"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={ended}
      >
        <div className="h-2 bg-blue-600" style={{ width: `${share}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-600 tabular-nums">
        {ended} of {discovered} found pages done · limit {limit}
      </p>
    </div>
  );
}
