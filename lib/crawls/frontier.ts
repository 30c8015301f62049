import "server-only";
import { db, type Prisma } from "@/lib/infra/db";
import { hotQuery } from "@/lib/infra/db/hot";
import { type AddressChecker, createAddressChecker } from "@/lib/infra/outbound/address-check";
import { pageFetcher } from "@/lib/infra/outbound/safe-fetch";
import { normalizeUrl } from "./normalize-url";
import { fetchRobotsTxt, ROBOTS_MAX_AGE_MS, type RobotsTxt, robotsAllows } from "./robots";
import { type CrawlOptions, crawlOptionsFromJson } from "./schema";
import { createScope, type Scope } from "./scope";
import { addPage, KNOWN_KEYS, RECORD_SKIPS } from "./sql";

// The frontier of a crawl, stored: crawl_pages rows, one per normalised key (unique per crawl), so a page is
// fetched once whoever finds it and however often. Links are sorted here (lib/crawls/README.md, step 4) and the
// skips counted on the crawl row.

export interface SkipCounts {
  robots: number;
  excluded: number;
  duplicate: number;
  offHost: number;
  private: number;
  trap: number;
  limit: number;
}

export const noSkips = (): SkipCounts => ({ robots: 0, excluded: 0, duplicate: 0, offHost: 0, private: 0, trap: 0, limit: 0 });

interface StoredRobots {
  [host: string]: { robots: RobotsTxt; fetchedAt: number };
}

/** What sorting a crawl's links needs, loaded once per job. */
export interface FrontierContext {
  crawlId: number;
  pageLimit: number;
  options: CrawlOptions;
  scope: Scope;
  patternCounts: Map<string, number>;
  checker: AddressChecker;
  robots: StoredRobots;
}

let sharedChecker: AddressChecker | null = null;
/** One checker per process: it caches each host's verdict for a minute. */
function addressChecker(): AddressChecker {
  sharedChecker ??= createAddressChecker();
  return sharedChecker;
}

export async function loadFrontierContext(crawlId: number): Promise<FrontierContext | null> {
  const crawl = await db.crawl.findUnique({ where: { id: crawlId }, select: FRONTIER_COLUMNS });
  return crawl ? frontierContextOf(crawlId, crawl) : null;
}

/** The crawl row's columns a frontier context is made of (a claim reads them with the rest: sql.ts, CLAIM_STATE). */
const FRONTIER_COLUMNS = { url: true, options: true, pageLimit: true, patternCounts: true, robots: true } as const;

/** The frontier context of a crawl row read with FRONTIER_COLUMNS. */
export function frontierContextOf(
  crawlId: number,
  crawl: Prisma.CrawlGetPayload<{ select: typeof FRONTIER_COLUMNS }>,
): FrontierContext {
  const options = crawlOptionsFromJson(crawl.options);
  const patternCounts = new Map<string, number>(
    Object.entries(JSON.parse(crawl.patternCounts ?? "{}") as Record<string, number>),
  );
  const scope = createScope(
    {
      startUrl: crawl.url,
      includePaths: options.includePaths,
      excludePaths: options.excludePaths,
      sameHost: options.sameHost,
      allowSubdomains: options.allowSubdomains,
      maxDepth: options.maxDepth,
    },
    patternCounts,
  );
  return {
    crawlId,
    pageLimit: crawl.pageLimit,
    options,
    scope,
    patternCounts,
    checker: addressChecker(),
    robots: JSON.parse(crawl.robots ?? "{}") as StoredRobots,
  };
}

/**
 * The host's robots.txt: the one stored on the crawl while it is younger than ROBOTS_MAX_AGE_MS, else fetched
 * through the safe client (RFC 9309 outcomes) and stored. Two workers may fetch it at the same moment; either
 * answer is the site's.
 */
export async function robotsFor(context: FrontierContext, origin: string): Promise<RobotsTxt> {
  const host = new URL(origin).host;
  const stored = context.robots[host];
  if (stored && Date.now() - stored.fetchedAt < ROBOTS_MAX_AGE_MS) return stored.robots;
  const robots = await fetchRobotsTxt(origin, pageFetcher());
  context.robots[host] = { robots, fetchedAt: Date.now() };
  await db.crawl.update({ where: { id: context.crawlId }, data: { robots: JSON.stringify(context.robots) } });
  return robots;
}

export interface NewPage {
  id: number;
  url: string;
  depth: number;
}

/**
 * Sorts `hrefs` found at `depth` (resolved against `base`) into the frontier: each becomes a queued page or is
 * counted as skipped (duplicate, off_host, excluded, trap, robots, private_address, limit). The crawl never holds
 * more than its page limit: `discovered` is taken one page at a time with a conditional increment, so two workers
 * adding at once cannot pass it. Returns the pages added, for their jobs.
 */
export async function addToFrontier(
  context: FrontierContext,
  hrefs: readonly string[],
  base: string | undefined,
  depth: number,
  skips: SkipCounts = noSkips(),
): Promise<{ added: NewPage[]; skips: SkipCounts }> {
  const candidates = new Map<string, { url: URL; key: string }>();
  for (const href of hrefs) {
    const normalized = normalizeUrl(href, base, { ignoreQueryParameters: context.options.ignoreQueryParameters });
    // Not something a crawl fetches (mailto:, javascript:, too long): not a page, not counted.
    if (!normalized) continue;
    if (candidates.has(normalized.key)) {
      skips.duplicate++;
      continue;
    }
    candidates.set(normalized.key, { url: new URL(normalized.url), key: normalized.key });
  }
  // Already in the frontier: one query for them all (the keys as one JSON parameter).
  if (candidates.size > 0) {
    for (const { key } of await hotQuery(KNOWN_KEYS, [context.crawlId, JSON.stringify([...candidates.keys()])])) {
      candidates.delete(key);
      skips.duplicate++;
    }
  }
  const added: NewPage[] = [];
  let full = false;
  for (const { url, key } of candidates.values()) {
    if (full) {
      skips.limit++;
      continue;
    }
    const verdict = context.scope.check(url, depth);
    if (!verdict.follow) {
      if (verdict.reason === "off_host") skips.offHost++;
      else if (verdict.reason === "excluded") skips.excluded++;
      else skips.trap++;
      continue;
    }
    // The address first: a private host's robots.txt is not asked for either.
    const address = await context.checker.check(url);
    if (!address.allowed) {
      skips.private++;
      continue;
    }
    const robots = await robotsFor(context, url.origin);
    if (!robotsAllows(robots, url)) {
      skips.robots++;
      continue;
    }
    const page = await addPage({ crawlId: context.crawlId, url: url.href, key, host: url.host, depth });
    if (!page.added) {
      if (page.reason === "full") {
        full = true;
        skips.limit++;
      } else {
        // Another worker added it a moment ago.
        skips.duplicate++;
      }
      continue;
    }
    context.scope.admit(url, depth);
    added.push({ id: page.id, url: url.href, depth });
  }
  // The counts, and whether the crawl still runs: read after the pages were committed.
  const [crawl] = await hotQuery(RECORD_SKIPS, [
    skips.robots,
    skips.excluded,
    skips.duplicate,
    skips.offHost,
    skips.private,
    skips.trap,
    skips.limit,
    added.length > 0 ? JSON.stringify(Object.fromEntries(context.patternCounts)) : null,
    context.crawlId,
  ]);
  if (added.length > 0 && (crawl?.status !== "running" || crawl.stoppedReason !== null)) {
    // The crawl stopped (cancel, quota) while these were added: its sweep of queued pages may have run before they
    // existed. Either that sweep saw them or this read sees the stop.
    await db.crawlPage.updateMany({
      where: { id: { in: added.map((page) => page.id) }, state: "queued" },
      data: { state: "cancelled", finishedAt: new Date() },
    });
  }
  return { added, skips };
}
