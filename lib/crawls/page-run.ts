import "server-only";
import type { Plan } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import { type RunnableScraper, submitRun, workRunHere } from "@/lib/runs/run";
import { pickRunOptions } from "@/lib/scrapers/run-options";
import { MAX_LINKS_PER_PAGE } from "./links";
import type { CrawlOptions } from "./schema";

// The one place a crawl meets the run engine: each page is one ordinary run (against the quota, with its own
// history row, origin "crawl"), submitted async and worked inside the crawl's page job (workRunHere: no queue round
// trip; the queue's workers take it only when it cannot run here now); and the one place a crawl learns a page's
// links (discoverLinks).

/**
 * How long a page job waits for its run, when a run worker has it, before it gives the page up as failed (runs have
 * their own deadlines).
 */
export const PAGE_RUN_WAIT_MS = 5 * 60_000;

export interface PageRunEnd {
  status: string;
  errorCode: string | null;
  error: string | null;
  /** The site's answer when it refused the page (a failed run's upstream_error): what the crawl backs off on. */
  upstream: { status: number; retryAfterSeconds: number | null } | null;
  /** The links of the page, when its run succeeded (read with its end, parsed when asked: discoverLinks). */
  links(): { links: string[]; dropped: number };
}

/** Submits the page's run (async): its id, or throws quota_exceeded (the caller stops the crawl cleanly). */
export async function submitPageRun(input: {
  crawlId: number;
  userId: number;
  plan: Plan;
  scraper: RunnableScraper;
  url: string;
  options: CrawlOptions;
  /** Whether the crawl follows this page's links: the run is then asked for its `links` output too. */
  wantLinks: boolean;
}): Promise<number> {
  const { render, formats = [] } = input.options;
  // The run options the run API knows (pickRunOptions keeps only those): formats and render pass through as the
  // caller gave them once their features are on the run API, with "links" added when the crawl needs them.
  const options = pickRunOptions({
    ...(render !== undefined ? { render } : {}),
    ...(input.wantLinks || formats.length > 0
      ? { formats: [...new Set([...formats, ...(input.wantLinks ? ["links"] : [])])] }
      : {}),
  });
  const outcome = await submitRun(
    {
      userId: input.userId,
      plan: input.plan,
      apiKeyId: null,
      scraper: input.scraper,
      request: { url: input.url, async: true, ...options },
      origin: { kind: "crawl", id: input.crawlId },
    },
    // Worked by the page's job, once its id is on the page (workPageRun).
    { workedByCaller: true },
  );
  return outcome.run.id;
}

/**
 * The run a dead worker submitted for a page without writing its id on the page, or null. A page's runs are the
 * crawl's runs of its URL (one page per URL); `retries` of them were given up after a 429/503 and sent the page back
 * without their id, so only a run beyond those can be the lost one: the newest. Asked only for a page recovery gave
 * back, so the scan of the crawl's runs is rare.
 */
export async function orphanPageRun(crawlId: number, url: string, retries: number): Promise<number | null> {
  const runs = await db.scraperRun.findMany({
    where: { originKind: "crawl", originId: crawlId, url },
    select: { id: true },
    orderBy: { id: "desc" },
    take: retries + 1,
  });
  return runs.length > retries ? (runs[0]?.id ?? null) : null;
}

/**
 * Works the page's run here and returns its end; one that cannot run here now, or that another worker holds, is
 * awaited: null when it has not ended within the wait.
 */
export async function workPageRun(
  runId: number,
  owner: { userId: number; plan: Plan },
  timeoutMs = PAGE_RUN_WAIT_MS,
): Promise<PageRunEnd | null> {
  const end = await workRunHere(runId, timeoutMs, owner);
  return (
    end && {
      status: end.status,
      errorCode: end.errorCode,
      error: end.error,
      upstream: end.upstreamStatus === null ? null : { status: end.upstreamStatus, retryAfterSeconds: end.upstreamRetryAfter },
      links: () => (end.status === "success" ? discoverLinks(end) : { links: [], dropped: 0 }),
    }
  );
}

/**
 * The links of a page whose run succeeded, absolute: the run's own `links` output when it produced one (asked with
 * formats ["links"]: the page is never fetched a second time for them), else its items' links (the Web Page
 * scraper's item carries them). `dropped`: links past MAX_LINKS_PER_PAGE.
 */
function discoverLinks(run: { resultData: string | null; outputs: string | null }): { links: string[]; dropped: number } {
  return capped(linksOfOutputs(run.outputs) ?? linksOfItems(run.resultData) ?? []);
}

function capped(links: string[]): { links: string[]; dropped: number } {
  return { links: links.slice(0, MAX_LINKS_PER_PAGE), dropped: Math.max(0, links.length - MAX_LINKS_PER_PAGE) };
}

const urlOf = (link: unknown): string | null => {
  const url = typeof link === "string" ? link : (link as { url?: unknown } | null)?.url;
  return typeof url === "string" ? url : null;
};

function linksOfOutputs(outputs: string | null): string[] | null {
  if (!outputs) return null;
  try {
    const links = (JSON.parse(outputs) as { links?: unknown }).links;
    if (!Array.isArray(links)) return null;
    return links.map(urlOf).filter((url): url is string => url !== null);
  } catch {
    return null;
  }
}

function linksOfItems(resultData: string | null): string[] | null {
  if (!resultData) return null;
  try {
    const items = JSON.parse(resultData) as unknown;
    if (!Array.isArray(items)) return null;
    const found: string[] = [];
    let any = false;
    for (const item of items) {
      const links = (item as { links?: unknown } | null)?.links;
      if (!Array.isArray(links)) continue;
      any = true;
      for (const link of links) {
        const url = urlOf(link);
        if (url) found.push(url);
      }
    }
    return any ? found : null;
  } catch {
    return null;
  }
}
