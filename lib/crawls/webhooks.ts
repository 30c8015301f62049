import "server-only";
import type { Prisma } from "@/lib/infra/db";
import { enqueueDeliveries, type PendingDelivery, recordWebhookEvent } from "@/lib/webhooks/deliveries";
import { crawlSummary, pageColumns, pageDto } from "./detail";

// The crawl's webhook events (declared in contract.ts), recorded inside the transaction that records what they tell
// and handed to the delivery queue after its commit: each function answers the "after commit" step, or null.

type AfterCommit = () => Promise<void>;

const afterCommit =
  (deliveries: PendingDelivery[]): AfterCommit =>
  () =>
    enqueueDeliveries(deliveries);

/**
 * crawl.page: one page ended, succeeded or failed (with its error). `crawl` is the crawl's row as the transaction
 * that ended the page left it (its counter's update returns it: no read of its own, on every page's path).
 */
export async function announcePage(
  tx: Prisma.TransactionClient,
  crawl: { id: number; userId: number; webhookUrl: string | null },
  pageId: number,
): Promise<AfterCommit | null> {
  if (!crawl.webhookUrl) return null;
  const crawlId = crawl.id;
  const page = await tx.crawlPage.findUniqueOrThrow({ where: { id: pageId }, select: pageColumns });
  const delivery = await recordWebhookEvent(tx, {
    userId: crawl.userId,
    url: crawl.webhookUrl,
    type: "crawl.page",
    data: { crawl_id: crawlId, page: pageDto(page) },
    crawlId,
  });
  return afterCommit([delivery]);
}

/** crawl.completed (completed or cancelled) or crawl.failed: the crawl ended; data is its summary. */
export async function announceCrawlEnd(tx: Prisma.TransactionClient, crawlId: number): Promise<AfterCommit> {
  const crawl = await tx.crawl.findUniqueOrThrow({
    where: { id: crawlId },
    select: { userId: true, webhookUrl: true, status: true },
  });
  if (!crawl.webhookUrl) return async () => {};
  const delivery = await recordWebhookEvent(tx, {
    userId: crawl.userId,
    url: crawl.webhookUrl,
    type: crawl.status === "failed" ? "crawl.failed" : "crawl.completed",
    data: await crawlSummary(tx, crawlId),
    crawlId,
  });
  return afterCommit([delivery]);
}
