// The chaos run's load: users on different plans, each a loop of sync runs, async runs and batches with webhooks,
// license verifications and API-key reads, and at a lower rate crawls of a small site (some cancelled mid-way),
// monitors with "check now", and runs rendered in a browser, as clients do it: through a load balancer that fails over to the other
// web instance when one does not answer, retrying a 503 after its Retry-After (and a dropped connection at once)
// with the same Idempotency-Key. Every answer is logged for the invariants.
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { PLANS, type PlanId } from "@/lib/config/plans";
import type { AppProcess } from "./processes";
import type { Random } from "./random";

export interface ChaosUser {
  index: number;
  id: number;
  email: string;
  plan: PlanId;
  token: string;
  apiKey: string;
  license: { id: number; key: string; maxUsage: number };
}

export type Operation =
  | "run-sync"
  | "run-async"
  | "batch"
  | "verify"
  | "read-run"
  | "read-secret"
  | "crawl"
  | "crawl-cancel"
  | "monitor"
  | "monitor-run"
  | "run-render";

/** One HTTP answer (or its absence) as the client saw it. */
export interface Answer {
  user: number;
  op: Operation;
  /** When it was sent, and when its answer (or the failure) came. */
  at: number;
  doneAt: number;
  instance: string;
  /** 0: no answer (connection refused or dropped). */
  status: number;
  /** Why there was no answer: ECONNREFUSED, UND_ERR_SOCKET (dropped), TimeoutError … */
  error?: string;
  /** The error shape's code, when the body was one. */
  code?: string;
  /** Whether the body parsed as JSON. */
  json: boolean;
  body?: unknown;
  idempotencyKey?: string;
  /** Retry-After, in seconds. */
  retryAfter?: number;
  rateLimit?: { limit: number; remaining: number; reset: number };
}

/** A client's call once its retries are over: the last answer, and every attempt. */
export interface Outcome {
  op: Operation;
  user: number;
  final: Answer;
  attempts: Answer[];
}

export interface LoadLog {
  answers: Answer[];
  outcomes: Outcome[];
}

const RETRYABLE_CODES = new Set(["service_unavailable", "idempotency_key_in_progress"]);
const MAX_ATTEMPTS = 8;
/** Longer than a synchronous run's wait (RUN_SYNC_TIMEOUT_MS of the chaos web instances). */
const REQUEST_TIMEOUT_MS = 60_000;

/** Round robin over the web instances, skipping one that does not answer, as a load balancer would. */
export class Balancer {
  private turn = 0;
  /** Synchronous run calls waiting on each instance: the graceful-restart fault waits for one. */
  readonly syncInFlight = new Map<string, number>();
  constructor(private readonly instances: readonly AppProcess[]) {}

  next(skip: ReadonlySet<string>): AppProcess {
    for (let i = 0; i < this.instances.length; i++) {
      const candidate = this.instances[(this.turn + i) % this.instances.length] as AppProcess;
      if (!skip.has(candidate.name)) {
        this.turn = (this.turn + i + 1) % this.instances.length;
        return candidate;
      }
    }
    return this.instances[this.turn++ % this.instances.length] as AppProcess;
  }
}

export async function call(
  balancer: Balancer,
  log: LoadLog,
  request: {
    user: number;
    op: Operation;
    method: string;
    path: string;
    body?: unknown;
    headers?: Record<string, string>;
    idempotencyKey?: string;
  },
): Promise<Outcome> {
  const attempts: Answer[] = [];
  const unanswered = new Set<string>();
  for (let attempt = 1; ; attempt++) {
    const instance = balancer.next(unanswered);
    const sync = request.op === "run-sync";
    if (sync) balancer.syncInFlight.set(instance.name, (balancer.syncInFlight.get(instance.name) ?? 0) + 1);
    const answer = await send(instance, request);
    if (sync) balancer.syncInFlight.set(instance.name, (balancer.syncInFlight.get(instance.name) ?? 1) - 1);
    attempts.push(answer);
    log.answers.push(answer);
    const retry =
      attempt < MAX_ATTEMPTS && (answer.status === 0 || (answer.code !== undefined && RETRYABLE_CODES.has(answer.code)));
    if (!retry) {
      const outcome = { op: request.op, user: request.user, final: answer, attempts };
      log.outcomes.push(outcome);
      return outcome;
    }
    if (answer.status === 0) {
      // Fail over to the other instance at once; after both failed, give the deploy a moment.
      unanswered.add(instance.name);
      if (unanswered.size >= 2) {
        unanswered.clear();
        await sleep(1000);
      }
    } else {
      await sleep(Math.min(answer.retryAfter ?? 1, 5) * 1000);
    }
  }
}

async function send(
  instance: AppProcess,
  request: {
    user: number;
    op: Operation;
    method: string;
    path: string;
    body?: unknown;
    headers?: Record<string, string>;
    idempotencyKey?: string;
  },
): Promise<Answer> {
  const at = Date.now();
  const base = { user: request.user, op: request.op, at, instance: instance.name, idempotencyKey: request.idempotencyKey };
  try {
    const res = await fetch(`${instance.origin}${request.path}`, {
      method: request.method,
      headers: {
        ...(request.body === undefined ? {} : { "content-type": "application/json" }),
        ...(request.idempotencyKey ? { "idempotency-key": request.idempotencyKey } : {}),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let body: unknown;
    let json = false;
    try {
      body = JSON.parse(text);
      json = true;
    } catch {
      body = text.slice(0, 200);
    }
    const limit = res.headers.get("x-ratelimit-limit");
    const retryAfter = res.headers.get("retry-after");
    return {
      ...base,
      doneAt: Date.now(),
      status: res.status,
      json,
      body,
      ...(retryAfter ? { retryAfter: Number(retryAfter) } : {}),
      code: json && typeof (body as { code?: unknown })?.code === "string" ? (body as { code: string }).code : undefined,
      ...(limit
        ? {
            rateLimit: {
              limit: Number(limit),
              remaining: Number(res.headers.get("x-ratelimit-remaining")),
              reset: Number(res.headers.get("x-ratelimit-reset")),
            },
          }
        : {}),
    };
  } catch (error) {
    // Refused (nothing listens: the instance is down) or dropped (it went away mid-answer), as undici says it.
    const cause = (error as { cause?: { code?: string } }).cause;
    return { ...base, doneAt: Date.now(), status: 0, json: false, error: cause?.code ?? (error as Error).name };
  }
}

/** The fixture site's pages a run is pointed at, by weight: mostly good pages, some slow, failing and hostile. */
const PAGES: [weight: number, path: string][] = [
  [30, "/product/jsonld.html"],
  [10, "/product/microdata.html"],
  [10, "/product/opengraph.html"],
  [6, "/product/category-jsonld.html"],
  [8, "/slow?ms=2500"],
  [4, "/slow?ms=8000"],
  [6, "/status/500"],
  [4, "/status/404"],
  [2, "/stall"],
  [2, "/redirect-loop"],
  [3, "/hostile/deep-dom?n=5000"],
  [3, "/hostile/many-cards?n=3000"],
];

function pickPage(random: Random): string {
  const total = PAGES.reduce((sum, [weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [weight, path] of PAGES) {
    roll -= weight;
    if (roll < 0) return path;
  }
  return PAGES[0]?.[1] as string;
}

/** The runs, batches and verifications stay the bulk; crawls, monitors and rendered runs come in at a few percent. */
const OPERATIONS: [weight: number, op: Operation][] = [
  [26, "run-sync"],
  [24, "run-async"],
  [10, "batch"],
  [24, "verify"],
  [12, "read-run"],
  [4, "read-secret"],
  [3, "crawl"],
  [1, "crawl-cancel"],
  [3, "monitor"],
  [4, "run-render"],
];

/** Monitors one user makes at most (every plan allows this many); past it, "monitor" asks one to check now. */
const MONITORS_PER_USER = 2;

/** The crawl fixture's start page (test/fixtures/sites/crawl): 11 pages in reach, a slow one and a failing one. */
export const CRAWL_START_PATH = "/crawl/index.html";

function pickOperation(random: Random): Operation {
  const total = OPERATIONS.reduce((sum, [weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [weight, op] of OPERATIONS) {
    roll -= weight;
    if (roll < 0) return op;
  }
  return "run-async";
}

/**
 * One user's loop until `until`: an operation, then a pause of 0.5 to 2.5 s. Its random sequence is its own (seeded
 * from the run's seed and the user's index), so what each user does does not depend on the others' timing.
 */
export async function userLoop(options: {
  user: ChaosUser;
  random: Random;
  balancer: Balancer;
  log: LoadLog;
  scraperId: number;
  siteUrl: string;
  /** The JavaScript-drawn pages (test/support/browser-site.ts): nothing to extract without a browser. */
  browserSiteUrl: string;
  receiverUrl: string;
  until: number;
}): Promise<void> {
  const { user, random, balancer, log, scraperId, siteUrl, browserSiteUrl, receiverUrl, until } = options;
  const auth = { authorization: `Bearer ${user.apiKey}` };
  const runIds: number[] = [];
  const crawlIds: number[] = [];
  const monitorIds: number[] = [];
  const plan = PLANS[user.plan];
  const run = (body: Record<string, unknown>, op: Operation) =>
    call(balancer, log, {
      user: user.index,
      op,
      method: "POST",
      path: `/api/scrapers/${scraperId}/run`,
      body,
      headers: auth,
      idempotencyKey: randomUUID(),
    });
  while (Date.now() < until) {
    const op = pickOperation(random);
    const url = `${siteUrl}${pickPage(random)}`;
    let outcome: Outcome | undefined;
    switch (op) {
      case "run-sync":
        outcome = await run({ url }, op);
        break;
      case "run-async":
        outcome = await run({ url, async: true, webhook_url: `${receiverUrl}/runs/${user.index}` }, op);
        break;
      case "batch": {
        const urls = Array.from({ length: random.int(2, 5) }, () => `${siteUrl}${pickPage(random)}`);
        outcome = await call(balancer, log, {
          user: user.index,
          op,
          method: "POST",
          path: `/api/scrapers/${scraperId}/batch`,
          body: { urls, webhook_url: `${receiverUrl}/batches/${user.index}` },
          headers: auth,
          idempotencyKey: randomUUID(),
        });
        break;
      }
      case "verify":
        await call(balancer, log, {
          user: user.index,
          op,
          method: "POST",
          path: "/api/verify-license",
          body: { license_key: user.license.key },
        });
        break;
      case "read-run": {
        const id = runIds.length > 0 ? random.pick(runIds) : 1;
        await call(balancer, log, { user: user.index, op, method: "GET", path: `/api/runs/${id}`, headers: auth });
        break;
      }
      case "read-secret":
        await call(balancer, log, { user: user.index, op, method: "GET", path: "/api/webhooks/secret", headers: auth });
        break;
      case "crawl":
        // No Idempotency-Key on crawls: a retried submission may make a second crawl, which must end as well.
        outcome = await call(balancer, log, {
          user: user.index,
          op,
          method: "POST",
          path: "/api/crawls",
          body: {
            url: `${siteUrl}${CRAWL_START_PATH}`,
            limit: random.int(3, 10),
            webhook_url: `${receiverUrl}/crawls/${user.index}`,
          },
          headers: auth,
        });
        break;
      case "crawl-cancel": {
        // Mid-way, usually: the newest crawl (409 not_cancellable once it has ended).
        const id = crawlIds.at(-1);
        if (id === undefined) break;
        await call(balancer, log, { user: user.index, op, method: "DELETE", path: `/api/crawls/${id}`, headers: auth });
        break;
      }
      case "monitor": {
        if (monitorIds.length < MONITORS_PER_USER) {
          // The plan's shortest schedule: an interval (its first check at once) or, on Business, a cron of the
          // same rhythm. Half watch a page that changes every 20 s (monitor.changed), half a plain one.
          const changing = random.next() < 0.5;
          const schedule =
            user.plan === "business" && random.next() < 0.5
              ? { cron: "*/5 * * * *", timezone: "UTC" }
              : { interval_ms: plan.monitorMinIntervalMs };
          outcome = await call(balancer, log, {
            user: user.index,
            op,
            method: "POST",
            path: "/api/monitors",
            body: {
              name: `chaos ${user.index}-${monitorIds.length}`,
              scraper_id: scraperId,
              url: changing ? `${siteUrl}/changing?every=20000` : `${siteUrl}${pickPage(random)}`,
              schedule,
              webhook_url: `${receiverUrl}/monitors/${user.index}`,
            },
            headers: auth,
          });
          break;
        }
        // "Check now" (409 check_running while one runs).
        await call(balancer, log, {
          user: user.index,
          op: "monitor-run",
          method: "POST",
          path: `/api/monitors/${random.pick(monitorIds)}/run`,
          headers: auth,
        });
        break;
      }
      case "run-render": {
        // A page drawn by JavaScript: rendered always on the plans that allow it, "auto" (which finds it needs
        // the browser) on Free.
        const render = plan.rendering.mode === "always" && random.next() < 0.7 ? true : "auto";
        const page = random.next() < 0.8 ? `/products/${random.int(1, 500)}` : "/late-json-ld";
        outcome = await run(
          random.next() < 0.5
            ? { url: `${browserSiteUrl}${page}`, render }
            : { url: `${browserSiteUrl}${page}`, render, async: true, webhook_url: `${receiverUrl}/runs/${user.index}` },
          op,
        );
        break;
      }
    }
    const id = (outcome?.final.body as { id?: unknown } | undefined)?.id;
    const acceptedId = typeof id === "number" && (outcome?.final.status === 200 || outcome?.final.status === 202);
    if ((op === "run-sync" || op === "run-async" || op === "run-render") && acceptedId) runIds.push(id);
    if (op === "crawl" && acceptedId) crawlIds.push(id);
    if (op === "monitor" && outcome?.final.status === 201 && typeof id === "number") monitorIds.push(id);
    await sleep(random.int(500, 2500));
  }
}
