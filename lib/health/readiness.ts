import "server-only";
import { db } from "@/lib/infra/db";
import { type HotStatement, hotQuery } from "@/lib/infra/db/hot";
import { AppError } from "@/lib/infra/errors";
import { checkQueue } from "@/lib/infra/jobs/queue";
import { isShuttingDown } from "@/lib/infra/lifecycle";
import { OUTAGE_RETRY_AFTER_SECONDS } from "@/lib/infra/outage";
import { redisClient } from "@/lib/infra/rate-limit/redis";
import { RUNS_QUEUE } from "@/lib/runs/queue";
import type { Readiness } from "./schema";

/** A dependency slower than this is taken for down: a load balancer's probe must not hang on it. */
const CHECK_TIMEOUT_MS = 2000;

const PING: HotStatement = { name: "health_ping", sqlite: "SELECT 1 AS one", postgres: "SELECT 1 AS one" };

type Check<T> = { status: "up"; latency_ms: number; value: T } | { status: "down" };

/** Runs a probe with a deadline: up with its time, or down (failed or too slow). */
async function probe<T>(work: () => Promise<T>): Promise<Check<T>> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const value = await Promise.race([
      work(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("timed out")), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { status: "up", latency_ms: Math.round(performance.now() - started), value };
  } catch {
    return { status: "down" };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this instance can do its work now (GET /api/health/ready, for a load balancer or an orchestrator; the
 * cheap liveness answer stays GET /api/health): the database on both of its connections, Redis when configured,
 * and the queue, checked at once. Each dependency's round trip when all answered; otherwise service_unavailable
 * naming what is down, as when the instance is shutting down (lib/infra/lifecycle.ts).
 */
export async function checkReadiness(): Promise<Readiness> {
  if (isShuttingDown()) {
    throw new AppError("service_unavailable", "Not ready: this instance is shutting down.", {
      retryAfterSeconds: OUTAGE_RETRY_AFTER_SECONDS,
    });
  }
  const redis = redisClient();
  const [database, redisCheck, queue] = await Promise.all([
    probe(() => Promise.all([db.$queryRawUnsafe("SELECT 1"), hotQuery(PING, [])])),
    redis ? probe(() => redis.ping()) : Promise.resolve(null),
    probe(() => checkQueue(RUNS_QUEUE)),
  ]);
  if (database.status === "down" || redisCheck?.status === "down" || queue.status === "down") {
    const checks = Object.entries({ database, ...(redisCheck ? { redis: redisCheck } : {}), queue });
    const named = (status: "up" | "down") => checks.filter(([, check]) => check.status === status).map(([name]) => name);
    const up = named("up");
    throw new AppError(
      "service_unavailable",
      `Not ready: ${named("down").join(", ")} down${up.length > 0 ? `; ${up.join(", ")} up` : ""}.`,
      { retryAfterSeconds: OUTAGE_RETRY_AFTER_SECONDS },
    );
  }
  return {
    status: "ready",
    checks: {
      database: { status: "up", latency_ms: database.latency_ms },
      ...(redisCheck?.status === "up" ? { redis: { status: "up", latency_ms: redisCheck.latency_ms } } : {}),
      queue: { status: "up", latency_ms: queue.latency_ms, engine: queue.value },
    },
  };
}
