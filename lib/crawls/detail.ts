import "server-only";
import { db, type Prisma } from "@/lib/infra/db";
import { AppError } from "@/lib/infra/errors";
import { publicEnv } from "@/lib/infra/public-env";
import { type CrawlDetail, DEFAULT_PAGE_SIZE } from "./schema";
import { crawlStatusOf, pageStateOf } from "./status";

// Reading crawls: the GET /api/crawls/{id} answer (also the data of crawl.completed / crawl.failed), with its
// pages paginated by an opaque cursor, and the dashboard's list.

export const crawlStatusUrl = (id: number) => new URL(`/api/crawls/${id}`, publicEnv.APP_URL).href;

type Client = Prisma.TransactionClient | typeof db;

const crawlColumns = {
  id: true,
  status: true,
  stoppedReason: true,
  url: true,
  scraperId: true,
  pageLimit: true,
  discovered: true,
  succeeded: true,
  failed: true,
  skippedRobots: true,
  skippedExcluded: true,
  skippedDuplicate: true,
  skippedOffHost: true,
  skippedPrivate: true,
  skippedTrap: true,
  skippedLimit: true,
  errorCode: true,
  error: true,
  createdAt: true,
  finishedAt: true,
} as const;

type CrawlRow = Prisma.CrawlGetPayload<{ select: typeof crawlColumns }>;

/** The cursor names the last page id sent; opaque to callers (base64url), so its form may change. */
export const encodeCursor = (lastId: number) => Buffer.from(`p${lastId}`).toString("base64url");
export function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const match = /^p(\d{1,12})$/.exec(text);
  if (!match)
    throw new AppError("validation_error", "cursor: not a cursor this API gave", {
      issues: [{ path: "cursor", message: "not a cursor this API gave" }],
    });
  return Number(match[1]);
}

async function summaryOf(client: Client, crawl: CrawlRow) {
  const counts = await client.crawlPage.groupBy({ by: ["state"], where: { crawlId: crawl.id }, _count: { _all: true } });
  const count = (state: string) => counts.find((row) => row.state === state)?._count._all ?? 0;
  return {
    id: crawl.id,
    status: crawlStatusOf(crawl.status),
    stopped_reason: (crawl.stoppedReason as "quota" | "limit" | null) ?? null,
    url: crawl.url,
    scraper_id: crawl.scraperId,
    limit: crawl.pageLimit,
    discovered: crawl.discovered,
    queued: count("queued"),
    running: count("running"),
    succeeded: crawl.succeeded,
    failed: crawl.failed,
    skipped: {
      robots: crawl.skippedRobots,
      excluded: crawl.skippedExcluded,
      duplicate: crawl.skippedDuplicate,
      off_host: crawl.skippedOffHost,
      private_address: crawl.skippedPrivate,
      trap: crawl.skippedTrap,
      limit: crawl.skippedLimit,
    },
    error: crawl.errorCode ? { code: crawl.errorCode, message: crawl.error ?? "" } : null,
    created_at: crawl.createdAt.toISOString(),
    finished_at: crawl.finishedAt?.toISOString() ?? null,
  };
}

export const pageColumns = {
  id: true,
  url: true,
  depth: true,
  state: true,
  runId: true,
  retries: true,
  errorCode: true,
  error: true,
} as const;
type PageRow = Prisma.CrawlPageGetPayload<{ select: typeof pageColumns }>;

export function pageDto(page: PageRow) {
  return {
    id: page.id,
    url: page.url,
    depth: page.depth,
    status: pageStateOf(page.state),
    run_id: page.runId,
    retries: page.retries,
    error: page.errorCode ? { code: page.errorCode, message: page.error ?? "" } : null,
  };
}

/** One of the user's crawls with a page of its pages (by id, from after the cursor); not_found otherwise. */
export async function getCrawl(
  userId: number,
  id: number,
  { cursor, pageSize = DEFAULT_PAGE_SIZE }: { cursor?: string; pageSize?: number } = {},
  client: Client = db,
): Promise<CrawlDetail> {
  const after = cursor === undefined ? 0 : decodeCursor(cursor);
  const crawl = await client.crawl.findFirst({ where: { id, userId }, select: crawlColumns });
  if (!crawl) throw new AppError("not_found", "Crawl not found");
  const rows = await client.crawlPage.findMany({
    where: { crawlId: id, id: { gt: after } },
    orderBy: { id: "asc" },
    take: pageSize + 1,
    select: pageColumns,
  });
  const more = rows.length > pageSize;
  const pages = rows.slice(0, pageSize);
  return {
    ...(await summaryOf(client, crawl)),
    pages: pages.map(pageDto),
    next: more && pages.length > 0 ? encodeCursor(pages[pages.length - 1]?.id ?? 0) : null,
  };
}

/** The crawl's summary (no pages) through `client`: a webhook's data, read inside the transaction it tells. */
export async function crawlSummary(client: Client, crawlId: number) {
  const crawl = await client.crawl.findUniqueOrThrow({ where: { id: crawlId }, select: crawlColumns });
  return summaryOf(client, crawl);
}

/** The user's latest crawls, for the dashboard. */
export async function listCrawls(userId: number, take = 50) {
  const crawls = await db.crawl.findMany({ where: { userId }, orderBy: { id: "desc" }, take, select: crawlColumns });
  return Promise.all(crawls.map((crawl) => summaryOf(db, crawl)));
}
