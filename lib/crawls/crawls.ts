import "server-only";
import { withUserLocked } from "@/lib/accounts/user-lock";
import type { Plan } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import { AppError } from "@/lib/infra/errors";
import { assertPlanIncludes } from "@/lib/runs/limits";
import { findRunnableScraper, type RunnableScraper } from "@/lib/runs/run";
import { checkRenderRequest } from "@/lib/scrapers/render-options";
import { crawlStatusUrl, getCrawl } from "./detail";
import { enqueueCrawlStart, stopCrawl } from "./engine";
import { normalizeUrl } from "./normalize-url";
import { type CrawlAccepted, type CrawlRequest, crawlOptionsOf } from "./schema";
import { compilePathPatterns } from "./scope";
import { ensureCrawlWorkers } from "./workers";

/** The kind of the catalogue's "Web Page" scraper, a crawl's scraper when the request names none. */
export const WEB_PAGE_KIND = "web_page";

const fieldError = (path: string, message: string) =>
  new AppError("validation_error", `${path}: ${message}`, { issues: [{ path, message }] });

async function crawlScraper(scraperId: number | undefined): Promise<RunnableScraper> {
  if (scraperId !== undefined) return findRunnableScraper(scraperId);
  const webPage = await db.scraper.findFirst({ where: { kind: WEB_PAGE_KIND }, select: { id: true } });
  if (!webPage) throw fieldError("scraper_id", "required: this catalogue has no Web Page scraper to default to");
  return findRunnableScraper(webPage.id);
}

/**
 * Accepts a crawl: its scraper (404, plan_required), its limit within the plan's cap and its path patterns
 * (validation_error naming the field), the plan's crawls at once (crawl_limited); then the crawl row, queued, and
 * its start job. Nothing is charged here: each page's run takes its quota when it starts.
 */
export async function submitCrawl(input: { userId: number; plan: Plan; request: CrawlRequest }): Promise<CrawlAccepted> {
  const { userId, plan, request } = input;
  const scraper = await crawlScraper(request.scraper_id);
  assertPlanIncludes(plan, scraper.requiredPlan);
  // Refused now, as a run would be, rather than on every page (docs/product.md#rendering).
  checkRenderRequest({ ...(request.render !== undefined ? { render: request.render } : {}) }, plan);
  const limit = request.limit ?? plan.crawlPages;
  if (limit > plan.crawlPages)
    throw fieldError("limit", `the ${plan.name} plan crawls at most ${plan.crawlPages} pages per crawl`);
  compilePathPatterns(request.include_paths ?? [], "include_paths");
  compilePathPatterns(request.exclude_paths ?? [], "exclude_paths");
  const start = normalizeUrl(request.url);
  if (!start) throw fieldError("url", "must be an http(s) URL without credentials, at most 2,048 characters");
  // Counted and created under the user's lock, so parallel starts cannot run more crawls at once than the plan's.
  const crawl = await withUserLocked(userId, async (tx) => {
    const active = await tx.crawl.count({ where: { userId, status: { in: ["queued", "running"] } } });
    if (active >= plan.activeCrawls) {
      throw new AppError(
        "crawl_limited",
        `The ${plan.name} plan runs ${plan.activeCrawls} crawl${plan.activeCrawls === 1 ? "" : "s"} at once: wait for one to end or cancel it.`,
      );
    }
    return tx.crawl.create({
      data: {
        userId,
        scraperId: scraper.id,
        url: start.url,
        options: JSON.stringify(crawlOptionsOf(request)),
        pageLimit: limit,
        webhookUrl: request.webhook_url ?? null,
      },
      select: { id: true, createdAt: true },
    });
  });
  ensureCrawlWorkers();
  // A start job that cannot be added now (Redis away) is added by recovery.
  await enqueueCrawlStart(crawl.id).catch(() => {});
  return {
    id: crawl.id,
    status: "queued" as const,
    url: start.url,
    limit,
    created_at: crawl.createdAt.toISOString(),
    status_url: crawlStatusUrl(crawl.id),
  };
}

/** Cancels an open crawl: pages not started are never run (nor charged), running pages' runs are cancelled. */
export async function cancelCrawl(userId: number, id: number) {
  const crawl = await db.crawl.findFirst({ where: { id, userId }, select: { id: true } });
  if (!crawl) throw new AppError("not_found", "Crawl not found");
  if (!(await stopCrawl(id, "cancelled"))) throw new AppError("not_cancellable", "This crawl has already ended.");
  return getCrawl(userId, id);
}
