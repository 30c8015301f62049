/** A crawl's life: queued until its first job runs, running, then one of the three ends. */
export const CRAWL_STATUSES = ["queued", "running", "completed", "cancelled", "failed"] as const;
export type CrawlStatus = (typeof CRAWL_STATUSES)[number];
export const OPEN_CRAWL_STATUSES = ["queued", "running"] as const satisfies readonly CrawlStatus[];

/** A frontier page: queued, running (claimed by a worker), then succeeded, failed or cancelled (never fetched). */
export const PAGE_STATES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export type PageState = (typeof PAGE_STATES)[number];

export function crawlStatusOf(stored: string): CrawlStatus {
  if (!(CRAWL_STATUSES as readonly string[]).includes(stored)) throw new Error(`Unknown crawl status: ${stored}`);
  return stored as CrawlStatus;
}

export function pageStateOf(stored: string): PageState {
  if (!(PAGE_STATES as readonly string[]).includes(stored)) throw new Error(`Unknown crawl page state: ${stored}`);
  return stored as PageState;
}
