import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_DATABASE_URL, providerOf } from "./db/url";
import { publicEnvSchema } from "./public-env";
import { parseRetiredKeys, parseSigningKey } from "./signing/material";
import { parseTrustProxy } from "./trust-proxy";

const booleanFlag = z
  .enum(["1", "0", "true", "false", ""])
  .optional()
  .transform((value) => value === "1" || value === "true");

/**
 * Debian's chromium-headless-shell when installed, else its chromium. The shell is Chromium's old headless mode, the
 * one Playwright itself runs headless: the full browser's new headless mode took 1.4 s of CPU per page of bench:render
 * (a new incognito context and renderer each), the shell 0.2 s, for the same HTML (docs/decisions.md: "The headless
 * shell").
 */
function defaultChromium(): string {
  const shell = "/usr/bin/chromium-headless-shell";
  return existsSync(shell) ? shell : "/usr/bin/chromium";
}

// Every setting the app reads, validated once: nothing else reads process.env (lib/infra/public-env.ts aside, for the
// browser), and nothing writes it.
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: z
      .string()
      .trim()
      .default(DEFAULT_DATABASE_URL)
      .refine(
        (url) => {
          try {
            providerOf(url);
            return true;
          } catch {
            return false;
          }
        },
        { message: "must start with file:, postgres:// or postgresql://" },
      ),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters (openssl rand -hex 32)").optional(),
    ...publicEnvSchema.shape,
    /** next-auth's origin; APP_URL when unset. npm start and npm run dev hand it to next-auth (scripts/next-env.ts). */
    NEXTAUTH_URL: z.url().optional(),
    REDIS_URL: z.url().optional(),
    /** pino's level; silent by default under test. */
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
    /** Tests only: lets the scraper fetch 127.0.0.1 (the local fixture site). Never set in production. */
    SCRAPER_ALLOW_LOOPBACK: booleanFlag,
    /**
     * Which proxies in front of the app may name the client (docs/architecture.md#the-edge): unset or 0 for none
     * (the socket address is the client), a hop count, or a comma-separated list of addresses and CIDR ranges.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        try {
          return parseTrustProxy(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
          return z.NEVER;
        }
      }),
    /** Prefixes every Redis key, so that apps (or test runs) sharing one Redis database never share counts. */
    REDIS_KEY_PREFIX: z.string().trim().min(1).default("scrapedeck:"),
    /** Accounts one client address may create per hour. */
    REGISTRATIONS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(20),
    /** Public license verifications per IP per minute. */
    VERIFY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
    /** Port of npm start and npm run dev. */
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** PostgreSQL connections per process. */
    DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
    /** Runs each worker (in the app or `npm run worker`) processes at once. */
    WORKER_CONCURRENCY: z.coerce.number().int().positive().default(2),
    /** Whether web processes run queue workers too (one process serves all); off for web-only instances. */
    RUN_WORKERS_IN_APP: z
      .enum(["1", "0", "true", "false", ""])
      .optional()
      .transform((value) => value !== "0" && value !== "false"),
    /** How long a synchronous run call waits for its run before answering 202 with its status_url. */
    RUN_SYNC_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
    /**
     * How long a process that got SIGTERM lets what it holds finish: requests in flight (a synchronous run's wait
     * ends at once with its 202) and runs on its workers, which are handed back to the queue after it.
     */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().nonnegative().default(10_000),
    /** Per-page extraction deadline: past it the worker thread is terminated and the run fails extraction_timeout. */
    EXTRACTION_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /** Heap limit of each extraction thread. */
    EXTRACTION_MEMORY_MB: z.coerce.number().int().positive().default(256),
    /**
     * The wait before a failed webhook's first retry; each later one waits twice the one before (8 attempts: 1 → 64
     * minutes by default). Tests set milliseconds.
     */
    WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().positive().default(60_000),
    /** The Chromium binary that renders pages (lib/infra/browser): Debian's headless shell when installed. */
    CHROMIUM_PATH: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || defaultChromium()),
    /** Browsers the rendering pool of a worker process runs at most (docs/decisions.md#rendering-pool-sizing). */
    BROWSER_POOL_SIZE: z.coerce.number().int().positive().default(1),
    /** Pages each browser renders at once, each in its own incognito context. */
    BROWSER_PAGES: z.coerce.number().int().positive().default(4),
    /** A browser is retired (closed once its pages end, and replaced) after rendering this many pages. */
    BROWSER_RETIRE_AFTER_PAGES: z.coerce.number().int().positive().default(200),
    /** Prefix of the queue's Redis keys, so several deployments (or test runs) can share one Redis. */
    QUEUE_PREFIX: z.string().trim().min(1).default("scrapedeck"),
    /**
     * The Ed25519 private key that signs license verification answers and license files (docs/api.md#signed-answers):
     * PKCS#8 PEM or a JWK. Kept as a KeyObject, which prints no key material. Generated once into data/ outside
     * production when unset (lib/infra/signing/keys.ts).
     */
    SIGNING_KEY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!value?.trim()) return undefined;
        try {
          return parseSigningKey(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
          return z.NEVER;
        }
      }),
    /** Rotated-out signing keys still listed until their not_after: a JSON array of public JWKs (docs/api.md#key-rotation). */
    SIGNING_KEYS_RETIRED: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!value?.trim()) return [];
        try {
          return parseRetiredKeys(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
          return z.NEVER;
        }
      }),
    /** Set by Next while it builds, when no secret is needed yet. */
    NEXT_PHASE: z.string().optional(),
  })
  .transform((env) => ({
    ...env,
    NEXTAUTH_URL: env.NEXTAUTH_URL ?? env.APP_URL,
    LOG_LEVEL: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info"),
  }));

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}\nSee .env.example for every variable.`);
  }
  if (result.data.NODE_ENV === "production" && !result.data.AUTH_SECRET && !isBuildPhase(result.data)) {
    throw new Error("Invalid configuration:\n  AUTH_SECRET: required in production (openssl rand -hex 32)");
  }
  return result.data;
}

function isBuildPhase({ NEXT_PHASE }: Env): boolean {
  return NEXT_PHASE === "phase-production-build";
}

export const env: Env = parseEnv(process.env);

const DEV_SECRET_FILE = path.resolve("data", ".auth-secret");

/**
 * The secret that signs sessions and API tokens. Outside production a random one is generated once and kept
 * in the data folder, so restarts keep everyone signed in without any setup.
 */
export function authSecret(): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.NODE_ENV === "production" && !isBuildPhase(env)) {
    throw new Error("AUTH_SECRET is required in production");
  }
  return localAuthSecret();
}

/** Reads, or creates once, the generated secret in data/.auth-secret. */
export function localAuthSecret(): string {
  if (existsSync(DEV_SECRET_FILE)) return readFileSync(DEV_SECRET_FILE, "utf8").trim();
  mkdirSync(path.dirname(DEV_SECRET_FILE), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  try {
    writeFileSync(DEV_SECRET_FILE, secret, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(DEV_SECRET_FILE, "utf8").trim();
    throw error;
  }
}
