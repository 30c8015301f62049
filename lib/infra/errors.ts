// Expected failures, as the domain raises them: a code a program can act on, a message a person can read, and
// optional details. Nothing here knows about HTTP: the route kit maps each code to its status in one table
// (lib/http/errors.ts), and the code is what API callers see in `{message, code}`.
import type { RateLimitState } from "@/lib/infra/rate-limit/limiter";

/** Why the scraper engine could not scrape a page (ScrapeError below; the fetcher and the extraction thread raise it). */
export type ScrapeErrorCode =
  /** The URL itself is unusable. */
  | "invalid_url"
  /** The address is one we never fetch (private network, loopback, …). */
  | "blocked_address"
  /** The site answered something that is not an HTML page. */
  | "not_html"
  /** The page is larger than the engine reads. */
  | "too_large"
  | "too_many_redirects"
  /** The site answered with an error or something unreadable. */
  | "upstream_error"
  | "upstream_unreachable"
  | "upstream_timeout"
  /** The page nests deeper (elements, JSON-LD) than the engine walks: lib/scrapers/limits.ts. */
  | "page_too_complex";

export type ErrorCode =
  // The request itself (raised by the route kit while parsing, or by the edge for what never reaches a route).
  | "malformed_request"
  | "invalid_json"
  | "validation_error"
  | "payload_too_large"
  | "method_not_allowed"
  // Who is calling.
  | "unauthorized"
  | "missing_api_key"
  | "invalid_api_key"
  | "cross_origin"
  // What they asked for.
  | "not_found"
  | "plan_required"
  | "email_taken"
  | "api_key_limit_reached"
  | "monitor_limit_reached"
  | "check_running"
  | "monitor_paused"
  /** A license file is refused for a deactivated license, or one past its expiry. */
  | "license_inactive"
  | "license_expired"
  // Limits: the quota is used up until the month ends; the others pass after `retryAfterSeconds`.
  | "quota_exceeded"
  | "rate_limited"
  | "concurrency_limited"
  | "too_many_login_attempts"
  // A run that did not finish.
  | ScrapeErrorCode
  | "cancelled"
  /** Extraction ran past its deadline and its worker thread was stopped (lib/scrapers/extraction/pool.ts). */
  | "extraction_timeout"
  /** The worker running the run went away (crash, restart) before it finished. */
  | "worker_lost"
  /** The page did not finish rendering in time: wait_for never showed, or its scripts kept the browser busy. */
  | "render_timeout"
  // Rendering failures that are ours (lib/infra/browser): no browser can run, none came free in time, or one died.
  | "rendering_unavailable"
  | "rendering_busy"
  | "rendering_crashed"
  // Runs, batches and submissions.
  | "not_cancellable"
  | "idempotency_key_reused"
  | "idempotency_key_in_progress"
  | "batch_exceeds_quota"
  | "blocked_webhook_url"
  /** A crawl is refused: the plan's crawls at once are all under way. */
  | "crawl_limited"
  // Our side.
  | "database_unavailable"
  /** A service the app depends on (the database, Redis) is away or too busy for now (lib/infra/outage.ts). */
  | "service_unavailable"
  | "internal_error";

export interface ValidationIssue {
  /** Dotted path of the offending field ("" for the value as a whole). */
  path: string;
  message: string;
}

export interface AppErrorDetails {
  /** validation_error: what is wrong, field by field. */
  issues?: ValidationIssue[];
  /** Refusals that pass with time: seconds until trying again can succeed. */
  retryAfterSeconds?: number;
  /** rate_limited: the limit that refused the call. */
  rateLimit?: RateLimitState;
  /**
   * upstream_error for an answer that was not a page (a non-2xx status): the site's status and Retry-After, as data a
   * feature can act on (a crawl backs off on 429/503) without reading the message. Never sent to API callers: the
   * route kit answers `retryAfterSeconds` above, which is ours, not the site's.
   */
  upstream?: UpstreamAnswer;
}

/** What a site answered instead of the page: its HTTP status, and its Retry-After in seconds when it sent one. */
export interface UpstreamAnswer {
  status: number;
  retryAfterSeconds: number | null;
}

/** An expected failure. Anything thrown that is not an AppError is a bug, answered as a plain internal error. */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  constructor(
    readonly code: C,
    message: string,
    readonly details: AppErrorDetails = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "AppError";
  }
}

/**
 * Why a page could not be scraped: fetched (lib/infra/outbound) or read (the extraction thread); each code is
 * explained where ScrapeErrorCode lists them.
 */
export class ScrapeError extends AppError<ScrapeErrorCode> {
  constructor(code: ScrapeErrorCode, message: string, options?: { cause?: unknown; upstream?: UpstreamAnswer }) {
    super(code, message, options?.upstream ? { upstream: options.upstream } : {}, options);
    this.name = "ScrapeError";
  }
}

/** True for an AppError, of the given code when one is named. */
export function isAppError<C extends ErrorCode>(error: unknown, code?: C): error is AppError<C> {
  return error instanceof AppError && (code === undefined || error.code === code);
}

/** Nobody is signed in, or the account went away while the request was under way. */
export const authenticationRequired = () => new AppError("unauthorized", "Authentication required");
