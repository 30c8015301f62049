import "server-only";
import type { Plan } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import { pageFetcher } from "@/lib/infra/outbound/safe-fetch";
import { type RunnableScraper, submitRun } from "@/lib/runs/run";
import { isFinished } from "@/lib/runs/status";
import { extractLinks } from "./links";
import type { CrawlOptions } from "./schema";

// The one place a crawl meets the run engine: each page is one ordinary run (against the quota, with its own
// history row, origin "crawl"), submitted async and awaited inside the crawl's page job; and the one place a
// crawl learns a page's links (discoverLinks).

/** How long a page job waits for its run before it gives the page up as failed (runs have their own deadlines). */
export const PAGE_RUN_WAIT_MS = 5 * 60_000;

export interface PageRunEnd {
  status: string;
  errorCode: string | null;
  error: string | null;
}

/** Submits the page's run (async): its id, or throws quota_exceeded (the caller stops the crawl cleanly). */
export async function submitPageRun(input: {
  crawlId: number;
  userId: number;
  plan: Plan;
  scraper: RunnableScraper;
  url: string;
  options: CrawlOptions;
}): Promise<number> {
  const outcome = await submitRun({
    userId: input.userId,
    plan: input.plan,
    // TEMPORARY until the lead's plumbing lands (apiKeyId: null, origin).
    apiKeyId: null as unknown as number,
    scraper: input.scraper,
    request: { url: input.url, async: true },
  });
  return outcome.run.id;
}

/** Waits for the run's end; null when it has not ended within the wait. */
export async function awaitPageRun(runId: number, timeoutMs = PAGE_RUN_WAIT_MS): Promise<PageRunEnd | null> {
  // TEMPORARY until awaitRunEnd lands: a poll of the run's row.
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const run = await db.scraperRun.findUnique({ where: { id: runId }, select: { status: true, errorCode: true, error: true } });
    if (!run) return { status: "failed", errorCode: "internal_error", error: "The run is gone." };
    if (isFinished(run.status)) return { status: run.status, errorCode: run.errorCode, error: run.error };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

/**
 * The links of a page whose run succeeded, absolute. Read from the run's own outputs when it produced `links` (the
 * content formats), or from its items when they carry links (the Web Page scraper's item). Otherwise, the page
 * is fetched once more through the safe client and its <a href>s read with a streaming tokenizer: a second
 * request to the site, made inside the page's politeness slot. `dropped`: links past MAX_LINKS_PER_PAGE.
 */
export async function discoverLinks(runId: number, pageUrl: string): Promise<{ links: string[]; dropped: number }> {
  const run = await db.scraperRun.findUnique({ where: { id: runId }, select: { resultData: true } });
  const fromRun = linksOfRun(run?.resultData ?? null);
  if (fromRun) return { links: fromRun, dropped: 0 };
  const page = await pageFetcher().fetchPage(pageUrl);
  return extractLinks(page.html, page.url);
}

function linksOfRun(resultData: string | null): string[] | null {
  if (!resultData) return null;
  try {
    const items = JSON.parse(resultData) as unknown;
    if (!Array.isArray(items)) return null;
    const found: string[] = [];
    let any = false;
    for (const item of items) {
      const links = (item as { links?: unknown })?.links;
      if (!Array.isArray(links)) continue;
      any = true;
      for (const link of links) {
        const url = typeof link === "string" ? link : (link as { url?: unknown })?.url;
        if (typeof url === "string") found.push(url);
      }
    }
    return any ? found : null;
  } catch {
    return null;
  }
}
