// Crawl rows as a worker leaves them when it dies or stops mid-crawl, written straight to the database: the state
// recovery and the next worker start from (lib/crawls/recovery.test.ts, shutdown.test.ts).

import { type CrawlOptions, crawlOptionsOf } from "@/lib/crawls/schema";
import { db } from "@/lib/infra/db";

/** A running crawl of `url` whose start has run (its sitemaps read): only its slots' work is left. */
export async function runningCrawl(
  { userId, scraperId, url }: { userId: number; scraperId: number; url: string },
  extra: { discovered?: number; hosts?: string } = {},
): Promise<{ id: number; options: CrawlOptions }> {
  const options = crawlOptionsOf({ url, max_depth: 0, sitemap: "skip" });
  const crawl = await db.crawl.create({
    data: {
      userId,
      scraperId,
      url,
      options: JSON.stringify(options),
      pageLimit: 10,
      status: "running",
      startedAt: new Date(),
      sitemapStats: "{}",
      discovered: extra.discovered ?? 1,
      ...(extra.hosts !== undefined ? { hosts: extra.hosts } : {}),
    },
  });
  return { id: crawl.id, options };
}

/** A page of the crawl at depth 0, its key its URL, in `state` with what else the case needs. */
export function crawlPageRow(
  crawlId: number,
  url: string,
  state: string,
  extra: { runId?: number; leaseUntil?: Date; retries?: number } = {},
) {
  return db.crawlPage.create({ data: { crawlId, url, key: url, host: new URL(url).host, depth: 0, state, ...extra } });
}
