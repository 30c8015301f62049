import { generateKeyPairSync, randomBytes } from "node:crypto";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { freshDatabaseUrl } from "./test/support/database";

// Every run gets its own migrated database; workers inherit it through the environment.
process.env.DATABASE_URL = freshDatabaseUrl();
// Queue keys of this run only, so test runs sharing a Redis never take each other's jobs.
const queuePrefix = `scrapedeck-test-${Date.now()}-${randomBytes(3).toString("hex")}`;

export default defineConfig({
  resolve: {
    alias: [
      { find: "@", replacement: path.resolve(import.meta.dirname) },
      // Tests run as the server does: there `server-only` is the package's empty react-server build, not the throw.
      { find: /^server-only$/, replacement: path.resolve(import.meta.dirname, "node_modules/server-only/empty.js") },
    ],
  },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["**/node_modules/**", ".next/**", "e2e/**"],
    environment: "node",
    globalSetup: ["./test/support/global-setup.ts"],
    env: {
      NODE_ENV: "test",
      AUTH_SECRET: "test-secret-that-is-long-enough-for-hs256-0123456789",
      // A signing key of this run only (no key in the repository, none written to data/).
      SIGNING_KEY: generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
      LOG_LEVEL: "silent",
      SCRAPER_ALLOW_LOOPBACK: "1",
      DATABASE_URL: process.env.DATABASE_URL,
      // Runs sharing one Redis database never share limiter counts.
      REDIS_KEY_PREFIX: `scrapedeck-test-${process.pid}-${Date.now()}:`,
      QUEUE_PREFIX: queuePrefix,
      // The whole suite shares two cores: a page's extraction may wait for CPU far longer than in production.
      // Tests of the deadline itself pass their own.
      EXTRACTION_TIMEOUT_MS: "60000",
      // Webhook retries 20 ms, 40 ms … apart instead of minutes: tests see the whole schedule run.
      WEBHOOK_RETRY_BASE_MS: "20",
    },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
