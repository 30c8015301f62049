// Which thrown errors say that a service the app depends on is away (Redis, the database) or too busy to answer in
// time (SQLite's write lock, a full connection pool), rather than that the code is wrong. The route kit answers
// them 503 service_unavailable with Retry-After instead of a 500 (lib/http/errors.ts): a client that sends the
// request again later (with its Idempotency-Key, for a submission) gets it done.
import { AppError } from "./errors";

/** What a 503 of an outage tells the caller to wait: a Redis or PostgreSQL restart takes a few seconds. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

export type Dependency = "database" | "redis";

/** Socket failures on the way to a service of ours (Node's codes; the page fetcher maps its own before this). */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTCONN",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL's SQLSTATEs of a server going away or refusing for now: class 08 (connection exceptions), 57P01–57P03
 * (administrator or crash shutdown, cannot connect now: starting up or shutting down) and 53300 (too many
 * connections).
 */
const isPostgresOutageState = (state: string) => state.startsWith("08") || /^57P0[1-3]$/.test(state) || state === "53300";

/**
 * Prisma's codes for the same: server unreachable (P1001), timed out (P1002, P1008), connection closed (P1017), no
 * pool connection in time (P2024), a transaction that could not start or ran out of time waiting (P2028).
 */
const PRISMA_OUTAGE_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028"]);

/** Prisma's driver-adapter error kinds for the same (the original error's kind, under `meta.driverAdapterError`). */
const ADAPTER_OUTAGE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

/**
 * ioredis: a command that gave up while reconnecting, a closed connection, a queue handle that fails fast while
 * offline; and Redis's own refusals while it cannot serve (loading its data after a restart, a replica, failover).
 */
const REDIS_OUTAGE_MESSAGES = [
  /^Reached the max retries per request limit/,
  /^Connection is closed/,
  /^Stream isn't writeable and enableOfflineQueue options is false/,
  /^(LOADING|READONLY|MASTERDOWN|TRYAGAIN|CLUSTERDOWN)\b/,
];

/** node-postgres's own messages for a connection lost or never made. */
const POSTGRES_OUTAGE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /is not queryable/,
  /^the database system is (starting up|shutting down|in recovery mode)/,
];

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: unknown; code?: unknown; extendedCode?: unknown } } };
}

/** SQLite's primary result codes (the low byte of an extended code): busy and locked. */
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;

function classify(error: ErrorLike): Dependency | null {
  const code = typeof error.code === "string" ? error.code : "";
  const message = typeof error.message === "string" ? error.message : "";
  if (error.name === "MaxRetriesPerRequestError" || REDIS_OUTAGE_MESSAGES.some((pattern) => pattern.test(message))) {
    return "redis";
  }
  if (PRISMA_OUTAGE_CODES.has(code) || code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return "database";
  if (/^[0-9A-Z]{5}$/.test(code) && isPostgresOutageState(code)) return "database";
  if (POSTGRES_OUTAGE_MESSAGES.some((pattern) => pattern.test(message))) return "database";
  const adapter = error.meta?.driverAdapterError?.cause;
  if (adapter) {
    if (typeof adapter.kind === "string" && ADAPTER_OUTAGE_KINDS.has(adapter.kind)) return "database";
    if (adapter.kind === "postgres" && typeof adapter.code === "string" && isPostgresOutageState(adapter.code)) return "database";
    const primary = typeof adapter.extendedCode === "number" ? adapter.extendedCode & 0xff : null;
    if (adapter.kind === "sqlite" && (primary === SQLITE_BUSY || primary === SQLITE_LOCKED)) return "database";
  }
  // A bare socket failure: which service it was is not said; the database is the one every request needs.
  if (NETWORK_CODES.has(code)) return "database";
  return null;
}

/** The dependency an error says is away, looking through its causes (and an AggregateError's errors); null if none. */
export function unavailableDependency(error: unknown, depth = 0): Dependency | null {
  if (typeof error !== "object" || error === null || depth > 5) return null;
  const found = classify(error as ErrorLike);
  if (found) return found;
  const { cause, errors } = error as ErrorLike;
  for (const inner of [cause, ...(Array.isArray(errors) ? errors : [])]) {
    const dependency = unavailableDependency(inner, depth + 1);
    if (dependency) return dependency;
  }
  return null;
}

const UNAVAILABLE: Record<Dependency, string> = {
  database: "The database is not answering right now",
  redis: "The queue and limits store (Redis) is not answering right now",
};

/**
 * service_unavailable (503 with Retry-After) for an error that says a dependency is away; null for any other
 * error, which stays what it is (an AppError, or a bug).
 */
export function dependencyOutage(error: unknown): AppError<"service_unavailable"> | null {
  if (error instanceof AppError) return null;
  const dependency = unavailableDependency(error);
  if (!dependency) return null;
  return new AppError(
    "service_unavailable",
    `${UNAVAILABLE[dependency]}. Please retry in a few seconds.`,
    { retryAfterSeconds: OUTAGE_RETRY_AFTER_SECONDS },
    { cause: error },
  );
}
