import "server-only";
import { PLANS, planOf } from "@/lib/config/plans";
import { sitemapRoots, walkSitemaps } from "@/lib/crawls/sitemaps";
import { db, type Prisma } from "@/lib/infra/db";
import { databaseNow, hotQuery } from "@/lib/infra/db/hot";
import { isAppError } from "@/lib/infra/errors";
import { type JobOutcome, type JobQueue, jobQueue } from "@/lib/infra/jobs/queue";
import { isShuttingDown } from "@/lib/infra/lifecycle";
import { log } from "@/lib/infra/log";
import { pageFetcher } from "@/lib/infra/outbound/safe-fetch";
import { cancelOpenRun } from "@/lib/runs/cancel";
import { runnableScraperOf } from "@/lib/runs/run";
import { OPEN_RUN_STATUSES } from "@/lib/runs/status";
import { addToFrontier, type FrontierContext, frontierContextOf, loadFrontierContext, noSkips, robotsFor } from "./frontier";
import { orphanPageRun, submitPageRun, workPageRun } from "./page-run";
import {
  BACK_OFF_STATUSES,
  backoffMs,
  DEFAULT_HOST_CONCURRENCY,
  type HostState,
  hostPolicy,
  MAX_PAGE_RETRIES,
  readyAt,
} from "./politeness";
import { robotsAllows } from "./robots";
import { CLAIM_STATE, type ClaimStateRow, claimPage, endPage, NEXT_QUEUED_PAGE, WRITE_PAGE_RUN } from "./sql";
import { announceCrawlEnd, announcePage } from "./webhooks";

// The crawl on the job engine (lib/infra/jobs): a start job (robots.txt, the start URL, the sitemaps) and one job
// per frontier page. The database is the crawl: pages are claimed with conditional UPDATEs (two workers never
// take one page), per-host politeness is a compare-and-set on the crawl row, and recovery puts lost jobs back
// (docs/architecture.md#crawls).

export const CRAWLS_QUEUE = "crawls";

/**
 * A crawl's jobs: its start, and its slots. A slot is one request under way at a time for the crawl: it claims the
 * next queued page, runs it, claims the next for up to SLOT_TURN_MS, and comes back (a job that is not done waits
 * in the engine, in Redis with BullMQ, so any worker may take it up). A crawl has CRAWL_SLOTS of them, the per-host
 * concurrency, so the queue holds a handful of jobs per crawl however many pages its frontier holds.
 */
export type CrawlJob = { kind: "start"; crawlId: number } | { kind: "slot"; crawlId: number; slot: number };

const crawlQueue = (): JobQueue<CrawlJob> => jobQueue<CrawlJob>(CRAWLS_QUEUE);

/** Slots per crawl: requests under way at once (the hosts' own concurrency and delay still apply to each claim). */
export const CRAWL_SLOTS = DEFAULT_HOST_CONCURRENCY;
/** A page's lease, renewed by its worker every third of it; past it, recovery takes the worker for dead. */
export const PAGE_LEASE_MS = 60_000;
/**
 * How long a slot goes on claiming pages before it goes back to the engine: long enough that a page does not pay a
 * queue round trip (Redis's, with BullMQ), short enough that other crawls' slots get their turn when the engine's
 * concurrency is full.
 */
const SLOT_TURN_MS = 1_000;
/** A claim that lost a compare-and-set race tries again after this, once it has lost CLAIM_RACES_RETRIED_AT_ONCE in a row. */
const CLAIM_RETRY_MS = 25;
const CLAIM_RACES_RETRIED_AT_ONCE = 3;
/** A slot with nothing queued while other pages run (their links may add more) looks again after this. */
const IDLE_SLOT_MS = 250;
/** Attempts of a crawl job whose processor throws, a second apart and more. */
const RETRIED = { attempts: 5, backoff: { type: "exponential", delay: 1_000 } } as const;
/** Sitemap entries added to the frontier per batch. */
const SITEMAP_BATCH = 200;

export async function enqueueCrawlStart(crawlId: number): Promise<void> {
  await crawlQueue().add({ kind: "start", crawlId }, { jobId: `crawl-${crawlId}-start`, ...RETRIED });
}

/** The crawl's slot jobs (adding one that is waiting or running changes nothing). Never throws: recovery re-adds. */
export async function enqueueSlots(crawlId: number): Promise<void> {
  for (let slot = 0; slot < CRAWL_SLOTS; slot++) {
    await crawlQueue()
      // A failed attempt (the database busy or away a moment) is retried, so a slot is not lost to a blip; recovery
      // re-adds one that is lost all the same.
      .add({ kind: "slot", crawlId, slot }, { jobId: `crawl-${crawlId}-slot-${slot}`, ...RETRIED })
      .catch((err: unknown) => log.warn({ err, crawlId, slot }, "could not queue a crawl slot; recovery will"));
  }
}

export function processCrawlJob(job: CrawlJob): Promise<JobOutcome> {
  return job.kind === "start" ? startCrawl(job.crawlId) : processSlot(job.crawlId);
}

// ─── Start ───────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The crawl's first job: running, the start URL into the frontier (depth 0), then the sitemaps' URLs (depth 1)
 * unless `sitemap: "skip"`, read only as far as the page limit. Idempotent: a start whose worker died runs again
 * (recovery), and the frontier's unique keys make the second pass add nothing twice. `sitemapStats` marks it done.
 */
async function startCrawl(crawlId: number): Promise<JobOutcome> {
  const crawl = await db.crawl.findUnique({ where: { id: crawlId }, select: { status: true, url: true, sitemapStats: true } });
  if (!crawl || (crawl.status !== "queued" && crawl.status !== "running") || crawl.sitemapStats !== null) return { done: true };
  await db.crawl.updateMany({ where: { id: crawlId, status: "queued" }, data: { status: "running", startedAt: new Date() } });
  const context = await loadFrontierContext(crawlId);
  if (!context) return { done: true };
  await addToFrontier(context, [crawl.url], undefined, 0);
  let stats: unknown = { skipped: true };
  if (context.options.sitemap !== "skip") {
    const origin = new URL(crawl.url).origin;
    const robots = await robotsFor(context, origin);
    const walk = walkSitemaps(sitemapRoots(origin, robots.sitemaps), {
      fetcher: pageFetcher(),
      allowFile: (url) => robotsAllows(robots, url),
    });
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await addToFrontier(context, batch, undefined, 1);
      batch = [];
    };
    for await (const entry of walk.entries) {
      batch.push(entry.url);
      if (batch.length >= SITEMAP_BATCH) {
        await flush();
        if (await frontierFull(context)) break;
      }
    }
    await flush();
    stats = walk.stats;
  }
  await db.crawl.update({ where: { id: crawlId }, data: { sitemapStats: JSON.stringify(stats) } });
  await enqueueSlots(crawlId);
  await completeIfDone(crawlId);
  return { done: true };
}

async function frontierFull(context: FrontierContext): Promise<boolean> {
  const crawl = await db.crawl.findUnique({ where: { id: context.crawlId }, select: { discovered: true, status: true } });
  return !crawl || crawl.discovered >= context.pageLimit || crawl.status !== "running";
}

// ─── Pages ───────────────────────────────────────────────────────────────────────────────────────────────────

interface HostsState {
  [host: string]: Pick<HostState, "lastStartAt" | "pausedUntil"> & {
    /** The host's 429/503 answers in a row (a success resets it): the default back-off doubles with each. */
    throttled?: number;
  };
}

type Claim =
  | {
      claimed: true;
      pageId: number;
      url: string;
      host: string;
      depth: number;
      runId: number | null;
      /** Given back by recovery (its worker died holding it): a run it submitted may exist without its id here. */
      recovered: boolean;
      retries: number;
      /** The host had 429/503 answers in a row when the page was claimed: its success ends the streak. */
      throttled: boolean;
      /** The crawl as the claim read it: who runs the page, on what plan, and its frontier (for the page's links). */
      crawl: ClaimStateRow;
    }
  | {
      claimed: false;
      outcome: JobOutcome;
      /** Lost the compare-and-set to another claim on the crawl (most often its other slot's, a moment before). */
      raced?: boolean;
    };

/**
 * Takes the crawl's next queued page for this worker, of a host that may start a request now: a compare-and-set on
 * the crawl row's version (the host's last start moves on; a concurrent claim on the same crawl makes this one try
 * again a moment later) and the page's conditional UPDATE queued → running (a page another worker took is left
 * alone), together (sql.ts, claimPage). Requests under way per host are the host's running pages, counted, so the
 * claims of a worker that died are given back with its pages by recovery.
 *
 * Hosts that may not start now (paused by a 429/503, at their concurrency, or inside their Crawl-delay) are passed
 * over, so their queued pages never hold back another host's: the frontier's order holds among the hosts that are
 * ready. A host that never started is ready; the others are few (those in the crawl row's host state).
 */
async function claimNextPage(crawlId: number): Promise<Claim> {
  // The crawl, its pages running per host and the database's clock, in one read.
  const [crawl] = await hotQuery(CLAIM_STATE, [crawlId]);
  if (crawl?.status !== "running") return { claimed: false, outcome: { done: true } };
  const hosts = JSON.parse(crawl.hosts ?? "{}") as HostsState;
  const robots = JSON.parse(crawl.robots ?? "{}") as Record<string, { robots: { crawlDelayMs: number | null } }>;
  const now = Date.parse(crawl.now);
  const activeOf = new Map(Object.entries(JSON.parse(crawl.running) as Record<string, number>));
  const hostState = (host: string): HostState => ({
    active: activeOf.get(host) ?? 0,
    lastStartAt: hosts[host]?.lastStartAt ?? null,
    pausedUntil: hosts[host]?.pausedUntil ?? null,
  });
  // When each known host may start next: null while it is at its concurrency.
  const readiness = [...new Set([...Object.keys(hosts), ...activeOf.keys()])].map((host) => ({
    host,
    at: readyAt(hostState(host), hostPolicy({}, robots[host]?.robots.crawlDelayMs ?? null), now),
  }));
  const waiting = readiness.filter(({ at }) => at === null || at > now);
  const [page] = await hotQuery(NEXT_QUEUED_PAGE, [crawlId, JSON.stringify(waiting.map(({ host }) => host))]);
  if (!page) {
    const [queued] = waiting.length > 0 ? await hotQuery(NEXT_QUEUED_PAGE, [crawlId, "[]"]) : [];
    if (!queued && activeOf.size === 0) {
      await completeIfDone(crawlId);
      return { claimed: false, outcome: { done: true } };
    }
    // Pages under way may still add links, of hosts that are ready: look again soon. Otherwise only waiting hosts
    // have work, and nothing changes before the first of them may start (a pause, a Crawl-delay).
    const times = waiting.flatMap(({ at }) => (at === null ? [] : [at]));
    const firstStart = times.length > 0 ? Math.min(...times) - now : IDLE_SLOT_MS;
    const retryInMs = activeOf.size > 0 ? Math.min(IDLE_SLOT_MS, firstStart) : firstStart;
    return { claimed: false, outcome: { done: false, retryInMs: Math.max(CLAIM_RETRY_MS, retryInMs) } };
  }
  const state = hostState(page.host);
  hosts[page.host] = { ...hosts[page.host], lastStartAt: now, pausedUntil: state.pausedUntil };
  const won = await claimPage(
    { crawlId, version: crawl.version, hosts: JSON.stringify(hosts), pageId: page.id },
    new Date(now + PAGE_LEASE_MS),
  );
  if (!won) return { claimed: false, outcome: { done: false, retryInMs: CLAIM_RETRY_MS }, raced: true };
  return {
    claimed: true,
    pageId: page.id,
    url: page.url,
    host: page.host,
    depth: page.depth,
    runId: page.runId,
    recovered: Boolean(page.recovered),
    retries: page.retries,
    throttled: Boolean(hosts[page.host]?.throttled),
    crawl,
  };
}

/**
 * One frontier page: claimed (politeness, one worker), its run submitted (or, for a page a dead worker left with
 * a run, that run awaited again: never a second run for one page), its links sorted into the frontier, its end
 * recorded with a crawl.page webhook, then the crawl completed when nothing is left. The quota running out stops
 * the crawl cleanly: completed, stopped_reason "quota", the pages not started never charged.
 */
async function processSlot(crawlId: number): Promise<JobOutcome> {
  const turnEnds = Date.now() + SLOT_TURN_MS;
  let races = 0;
  for (;;) {
    const claim = await claimNextPage(crawlId);
    if (!claim.claimed) {
      // A lost race means the crawl row moved on: read it again at once, a few times, rather than wait (bench:crawl's
      // two slots lost one claim in twelve to each other, and each loss cost the slot CLAIM_RETRY_MS).
      if (claim.raced && ++races <= CLAIM_RACES_RETRIED_AT_ONCE) continue;
      return claim.outcome;
    }
    races = 0;
    await processPage(crawlId, claim);
    // The slot goes back to the engine once its turn is over: other crawls' slots get theirs meanwhile.
    if (Date.now() >= turnEnds || isShuttingDown()) return { done: false, retryInMs: 0 };
  }
}

async function processPage(crawlId: number, page: Extract<Claim, { claimed: true }>): Promise<void> {
  const renew = setInterval(() => {
    void databaseNow()
      .then((now) =>
        db.crawlPage.updateMany({
          where: { id: page.pageId, state: "running" },
          data: { leaseUntil: new Date(now.getTime() + PAGE_LEASE_MS) },
        }),
      )
      .catch((err: unknown) => log.warn({ err, crawlId, pageId: page.pageId }, "could not renew a crawl page's lease"));
  }, PAGE_LEASE_MS / 3);
  renew.unref();
  try {
    await runPage(crawlId, page);
  } finally {
    clearInterval(renew);
  }
}

async function runPage(crawlId: number, page: Extract<Claim, { claimed: true }>): Promise<void> {
  const pageId = page.pageId;
  const crawl = page.crawl;
  const context = frontierContextOf(crawlId, crawl);
  // A crawl without a webhook has no crawl.page event to record with a page's end (finishPage).
  const quiet = crawl.webhookUrl === null;
  const plan = PLANS[planOf(crawl.plan)];
  let runId = page.runId;
  if (runId === null) {
    // A worker that died between submitting the page's run and writing its id left that run behind: it is awaited.
    runId = page.recovered ? await orphanPageRun(crawlId, page.url, page.retries) : null;
  }
  if (runId === null) {
    try {
      // Read with the claim.
      const scraper = runnableScraperOf({ id: crawl.scraperId, kind: crawl.scraperKind, requiredPlan: crawl.scraperPlan });
      runId = await submitPageRun({
        crawlId,
        userId: crawl.userId,
        plan,
        scraper,
        url: page.url,
        options: context.options,
        wantLinks: context.options.sitemap !== "only" && page.depth < context.options.maxDepth,
      });
    } catch (error) {
      if (isAppError(error, "quota_exceeded")) {
        await haltForQuota(crawlId, pageId);
        return;
      }
      await finishPage(
        crawlId,
        pageId,
        { ok: false, errorCode: isAppError(error) ? error.code : "internal_error", error: errorMessage(error) },
        { quiet },
      );
      return;
    }
  }
  if (page.runId === null) {
    const written = await writePageRun(pageId, runId);
    // Another worker took the page while this one stalled past its lease, and awaits this very run: it is theirs now.
    if (written === "adopted") return;
    if (written !== "written") {
      // The crawl was stopped while the run was being submitted, or another worker took the page meanwhile and ran
      // it itself: this run is not wanted, nor charged. Should it have succeeded first on a stopped crawl, its
      // outcome stands: a page scraped (and charged) is never reported as cancelled.
      const run = await db.scraperRun.findUnique({ where: { id: runId }, select: { id: true, userId: true, quotaMonth: true } });
      const why = written === "stopped" ? "Cancelled with its crawl." : "Cancelled: another worker ran its crawl page.";
      if (run && !(await cancelOpenRun(run, why)) && written === "stopped") {
        const ended = await db.scraperRun.findUnique({ where: { id: runId }, select: { status: true } });
        if (ended?.status === "success") await finishPage(crawlId, pageId, { ok: true }, { late: { from: "cancelled", runId } });
      }
      return;
    }
  }
  const end = await workPageRun(runId, { userId: crawl.userId, plan });
  if (!end && isShuttingDown()) {
    // This worker is stopping (a deploy): the run goes on elsewhere, or this worker handed it back to the queue. The
    // page goes back to the frontier with its run, so the worker that claims it next works or awaits that run (never
    // a second one, and never a page reported failed whose run then succeeds).
    await db.crawlPage.updateMany({ where: { id: pageId, state: "running" }, data: { state: "queued", leaseUntil: null } });
    return;
  }
  if (!end) {
    await finishPage(
      crawlId,
      pageId,
      { ok: false, errorCode: "timeout", error: "The page's run did not end in time." },
      { quiet },
    );
  } else if (end.status === "success") {
    const follow = context.options.sitemap !== "only" && page.depth < context.options.maxDepth;
    if (follow) {
      try {
        const { links, dropped } = end.links();
        const skips = noSkips();
        skips.limit += dropped;
        await addToFrontier(context, links, page.url, page.depth + 1, skips);
      } catch (err) {
        log.warn({ err, crawlId, pageId }, "could not add a crawled page's links to the frontier");
      }
    }
    await finishPage(crawlId, pageId, { ok: true }, { quiet });
    // Only a host throttled when the page was claimed has a streak to end (no read of the crawl row on every page; a
    // streak that began while this page ran is ended by the host's next success).
    if (page.throttled) await throttleEnded(crawlId, page.host);
  } else {
    const failure = {
      ok: false as const,
      errorCode: end.errorCode ?? end.status,
      error: end.error ?? (end.status === "cancelled" ? "The page's run was cancelled." : "The page's run failed."),
    };
    if (end.upstream && BACK_OFF_STATUSES.has(end.upstream.status)) await backOff(crawlId, page, end.upstream, failure);
    else await finishPage(crawlId, pageId, failure, { quiet });
  }
}

/**
 * Writes the run a worker submitted for its claimed page on that page, only while the page is running with no run
 * yet. A worker that stalled past its lease (a pause, not a death) may find that recovery gave the page to another
 * worker meanwhile, which either adopted this run (orphanPageRun: "adopted") or submitted one of its own ("taken":
 * never overwritten, so one run per page is awaited and its result kept). "stopped": the crawl was stopped meanwhile
 * (the page no longer running, with no run).
 */
export async function writePageRun(pageId: number, runId: number): Promise<"written" | "adopted" | "taken" | "stopped"> {
  const kept = await hotQuery(WRITE_PAGE_RUN, [runId, pageId]);
  if (kept.length > 0) return "written";
  const found = await db.crawlPage.findUnique({ where: { id: pageId }, select: { state: true, runId: true } });
  if (found?.runId === runId) return "adopted";
  return found?.runId != null ? "taken" : "stopped";
}

/**
 * The site answered 429 or 503: the host is paused (Retry-After, or the default back-off doubling with the host's
 * throttled answers in a row; politeness.ts, backoffMs) and the page goes back to the frontier with no run, to be
 * claimed once the pause ends, at most MAX_PAGE_RETRIES times; after that the answer is the page's end. The failed
 * run gave its quota back (failed runs are free), so a page is charged once, for the run that succeeds. The pause is
 * in the crawl row's host state, written under its version like a claim's (a claim racing this one tries again),
 * so it holds for every worker and across restarts; the page moves in the same transaction.
 */
async function backOff(
  crawlId: number,
  page: Extract<Claim, { claimed: true }>,
  upstream: { status: number; retryAfterSeconds: number | null },
  failure: Extract<PageEnd, { ok: false }>,
): Promise<void> {
  const row = await db.crawlPage.findUnique({ where: { id: page.pageId }, select: { retries: true } });
  const retry = (row?.retries ?? 0) < MAX_PAGE_RETRIES;
  const requeue = (tx: Prisma.TransactionClient) =>
    tx.crawlPage.updateMany({
      where: { id: page.pageId, state: "running" },
      data: { state: "queued", runId: null, leaseUntil: null, retries: { increment: 1 } },
    });
  for (let attempt = 0; ; attempt++) {
    const crawl = await db.crawl.findUnique({ where: { id: crawlId }, select: { version: true, hosts: true, status: true } });
    if (!crawl) return;
    // The crawl was stopped meanwhile: the page ends with its error (a page sent back now would stay queued).
    if (crawl.status !== "running") return finishPage(crawlId, page.pageId, failure);
    const hosts = JSON.parse(crawl.hosts ?? "{}") as HostsState;
    const host = hosts[page.host] ?? { lastStartAt: null, pausedUntil: null };
    const streak = host.throttled ?? 0;
    const until = (await databaseNow()).getTime() + backoffMs(upstream.retryAfterSeconds, streak);
    // A later pause wins: a shorter Retry-After on another page's answer does not shorten the one under way.
    hosts[page.host] = { ...host, pausedUntil: Math.max(until, host.pausedUntil ?? until), throttled: streak + 1 };
    const moved = await db.$transaction(async (tx) => {
      const { count } = await tx.crawl.updateMany({
        where: { id: crawlId, version: crawl.version, status: "running" },
        data: { version: { increment: 1 }, hosts: JSON.stringify(hosts) },
      });
      if (count === 0) return false;
      if (retry) await requeue(tx);
      return true;
    });
    if (moved) break;
    // Another worker moved the crawl row on (a claim): read it again. Past a few tries the page goes on without
    // the pause rather than looping (the host's next answer pauses it).
    if (attempt >= 10) {
      if (retry) await db.$transaction(requeue);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, CLAIM_RETRY_MS));
  }
  if (!retry) {
    await finishPage(crawlId, page.pageId, {
      ...failure,
      error: `${failure.error} Tried ${MAX_PAGE_RETRIES + 1} times, after the pauses the site asked for.`,
    });
  }
}

/** A page of the host succeeded: its 429/503 streak is over, so the next default back-off starts small again. */
async function throttleEnded(crawlId: number, hostName: string): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const crawl = await db.crawl.findUnique({ where: { id: crawlId }, select: { version: true, hosts: true } });
    const hosts = JSON.parse(crawl?.hosts ?? "{}") as HostsState;
    const host = hosts[hostName];
    if (!crawl || !host?.throttled) return;
    hosts[hostName] = { ...host, throttled: 0 };
    const { count } = await db.crawl.updateMany({
      where: { id: crawlId, version: crawl.version },
      data: { version: { increment: 1 }, hosts: JSON.stringify(hosts) },
    });
    if (count > 0) return;
    await new Promise((resolve) => setTimeout(resolve, CLAIM_RETRY_MS));
  }
}

function errorMessage(error: unknown): string {
  return isAppError(error) ? error.message : "The page could not be run.";
}

type PageEnd = { ok: true } | { ok: false; errorCode: string; error: string };

interface FinishOptions {
  /** The crawl's stop marked the page cancelled while its run was being submitted: it moves from there, with that run. */
  late?: { from: "cancelled"; runId: number };
  /** The crawl has no webhook (its claim read so): no crawl.page event to record, so the end is two hot statements. */
  quiet?: boolean;
}

/**
 * Records the page's end once (running → succeeded/failed), its crawl's counter, and its crawl.page webhook. A
 * page the crawl's stop marked cancelled while its run was being submitted moves from `cancelled` instead, with
 * the run it turned out to have.
 */
async function finishPage(crawlId: number, pageId: number, end: PageEnd, { late, quiet }: FinishOptions = {}): Promise<void> {
  if (quiet && !late) {
    await endPage({ crawlId, pageId }, end);
    return;
  }
  const pending = await db.$transaction(async (tx) => {
    const moved = await tx.crawlPage.updateMany({
      where: { id: pageId, state: late?.from ?? "running" },
      data: {
        ...(late ? { runId: late.runId } : {}),
        state: end.ok ? "succeeded" : "failed",
        errorCode: end.ok ? null : end.errorCode,
        error: end.ok ? null : end.error,
        leaseUntil: null,
        finishedAt: new Date(),
      },
    });
    if (moved.count === 0) return null;
    const crawl = await tx.crawl.update({
      where: { id: crawlId },
      data: end.ok ? { succeeded: { increment: 1 } } : { failed: { increment: 1 } },
      select: { id: true, userId: true, webhookUrl: true },
    });
    return announcePage(tx, crawl, pageId);
  });
  if (pending) await pending();
}

/**
 * The quota ran out: nothing more starts (queued pages, this one included, are cancelled: never run, never
 * charged), pages under way finish and are counted, and the last of them completes the crawl with
 * stopped_reason "quota".
 */
async function haltForQuota(crawlId: number, pageId: number): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.crawl.updateMany({ where: { id: crawlId, status: "running" }, data: { stoppedReason: "quota" } });
    await tx.crawlPage.updateMany({ where: { id: pageId, state: "running" }, data: { state: "queued", leaseUntil: null } });
    await tx.crawlPage.updateMany({
      where: { crawlId, state: "queued" },
      data: {
        state: "cancelled",
        errorCode: "quota_exceeded",
        error: "Not run: the monthly quota ran out.",
        finishedAt: new Date(),
      },
    });
  });
  await completeIfDone(crawlId);
}

/**
 * Ends the crawl when no page is queued or running and its start has run: completed, or failed when it crawled
 * nothing (below). Conditional on the crawl still running, so exactly one worker ends it and sends its webhook.
 */
export async function completeIfDone(crawlId: number): Promise<void> {
  const crawl = await db.crawl.findUnique({
    where: { id: crawlId },
    select: { status: true, sitemapStats: true, discovered: true, pageLimit: true, stoppedReason: true, succeeded: true },
  });
  if (crawl?.status !== "running" || crawl.sitemapStats === null) return;
  const open = await db.crawlPage.count({ where: { crawlId, state: { in: ["queued", "running"] } } });
  if (open > 0) return;
  if (crawl.stoppedReason !== "quota" && crawl.succeeded === 0) {
    await stopCrawl(crawlId, "failed", await nothingCrawled(crawlId));
    return;
  }
  const stoppedReason = crawl.stoppedReason === "quota" ? "quota" : crawl.discovered >= crawl.pageLimit ? "limit" : null;
  await stopCrawl(crawlId, "completed", { stoppedReason });
}

/**
 * Why a crawl that ended with no page scraped failed, so that crawl.failed says what to fix rather than a crawl
 * "completed" with nothing in it: its first page's error (the start URL, usually: unreachable, blocked, not
 * HTML), or, when no page was even tried, that the start URL was skipped. A crawl stopped by the quota is not
 * failed: it did what the quota allowed.
 */
async function nothingCrawled(crawlId: number): Promise<{ errorCode: string; error: string }> {
  const first = await db.crawlPage.findFirst({
    where: { crawlId, state: "failed" },
    orderBy: { id: "asc" },
    select: { url: true, errorCode: true, error: true },
  });
  if (first) {
    return {
      errorCode: first.errorCode ?? "upstream_error",
      error: `No page could be crawled: ${first.url} failed: ${first.error ?? "its run failed."}`,
    };
  }
  return {
    errorCode: "nothing_to_crawl",
    error: "No page was crawled: the start URL was skipped (robots.txt, include_paths / exclude_paths, or its address).",
  };
}

/**
 * Ends a crawl that is open: completed (stoppedReason quota when the quota ran out), cancelled, or failed. Its
 * pages not started are cancelled (never charged); running pages' runs are cancelled too (their quota given back),
 * except on a plain completion, which has none. One conditional UPDATE decides who ends it; that caller sends the
 * crawl's webhook.
 */
export async function stopCrawl(
  crawlId: number,
  status: "completed" | "cancelled" | "failed",
  extra: { stoppedReason?: "quota" | "limit" | null; errorCode?: string; error?: string } = {},
): Promise<boolean> {
  const moved = await db.$transaction(async (tx) => {
    const { count } = await tx.crawl.updateMany({
      where: { id: crawlId, status: { in: ["queued", "running"] } },
      data: {
        status,
        stoppedReason: extra.stoppedReason ?? null,
        errorCode: extra.errorCode ?? null,
        error: extra.error ?? null,
        finishedAt: new Date(),
      },
    });
    if (count > 0)
      await tx.crawlPage.updateMany({
        where: { crawlId, state: "queued" },
        data: { state: "cancelled", finishedAt: new Date() },
      });
    return count > 0;
  });
  if (!moved) return false;
  // Pages under way: their runs are stopped (quota given back). A run that ended first keeps its outcome, and so
  // does its page: a page scraped (and charged) is never reported as cancelled.
  const running = await db.crawlPage.findMany({
    where: { crawlId, state: "running" },
    select: { id: true, runId: true },
  });
  for (const page of running) {
    const run =
      page.runId === null
        ? null
        : await db.scraperRun.findUnique({
            where: { id: page.runId },
            select: { id: true, userId: true, quotaMonth: true, status: true },
          });
    if (run && (OPEN_RUN_STATUSES as readonly string[]).includes(run.status)) {
      await cancelOpenRun(run, "Cancelled with its crawl.").catch((err: unknown) =>
        log.warn({ err, crawlId, runId: run.id }, "could not cancel a crawl page's run"),
      );
    }
    const ended = run
      ? await db.scraperRun.findUnique({ where: { id: run.id }, select: { status: true, errorCode: true, error: true } })
      : null;
    if (ended?.status === "success") await finishPage(crawlId, page.id, { ok: true });
    else if (ended?.status === "failed") {
      await finishPage(crawlId, page.id, {
        ok: false,
        errorCode: ended.errorCode ?? "failed",
        error: ended.error ?? "The page's run failed.",
      });
    } else {
      await db.crawlPage.updateMany({
        where: { id: page.id, state: "running" },
        data: {
          state: "cancelled",
          errorCode: "cancelled",
          error: "Stopped with its crawl.",
          leaseUntil: null,
          finishedAt: new Date(),
        },
      });
    }
  }
  const send = await db.$transaction((tx) => announceCrawlEnd(tx, crawlId));
  await send();
  return true;
}

// ─── Recovery ────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Puts crawls back in order after a restart or a lost job; idempotent, run by each worker at start and then
 * periodically. A page `running` past its lease belonged to a worker that died: it goes back to `queued`, keeping
 * its run id, so the next claim awaits that run instead of submitting a second one (no page scraped twice). It keeps
 * its expired lease too, the mark of a page given back: a worker that died after submitting the run and before
 * writing its id leaves no id, and the next claim looks for that run (orphanPageRun). Queued pages and unstarted
 * crawls get their jobs again (job ids make a re-add of a waiting job a no-op).
 */
export async function recoverCrawls({ now }: { now?: Date } = {}): Promise<{ pages: number; crawls: number }> {
  now ??= await databaseNow();
  const { count: pages } = await db.crawlPage.updateMany({
    where: { state: "running", leaseUntil: { lt: now }, crawl: { status: { in: ["queued", "running"] } } },
    data: { state: "queued" },
  });
  // A crawl that ended while a dead worker held one of its pages: the page will not run again.
  await db.crawlPage.updateMany({
    where: { state: "running", leaseUntil: { lt: now }, crawl: { status: { notIn: ["queued", "running"] } } },
    data: { state: "cancelled", errorCode: "worker_lost", error: "Its worker stopped after the crawl ended.", leaseUntil: null },
  });
  const open = await db.crawl.findMany({
    where: { status: { in: ["queued", "running"] } },
    select: { id: true, sitemapStats: true },
  });
  for (const crawl of open) {
    if (crawl.sitemapStats === null) await enqueueCrawlStart(crawl.id).catch(() => {});
    else {
      await enqueueSlots(crawl.id);
      await completeIfDone(crawl.id);
    }
  }
  return { pages, crawls: open.length };
}
