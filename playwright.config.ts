import { generateKeyPairSync } from "node:crypto";
import { defineConfig, devices } from "@playwright/test";
import { PLAIN_CHROMIUM_ARGS } from "./lib/infra/browser/flags";

// scripts/e2e.ts picks the browser and a fresh database, then runs this against the built app.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
/**
 * A second server on the same build with another APP_URL (other host name, other port): one build must serve any
 * host (e2e/host-independence.spec.ts). It starts after the first, which builds when the build is missing or stale.
 */
export const OTHER_HOST_URL = `http://localhost:${port + 1}`;
// One signing key for both servers of a run, made here (none written to data/, none in the repository); the workers
// inherit it, so a test can tell which key signed what it downloaded.
process.env.SIGNING_KEY ||= generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }).toString();
const serverEnv = {
  DATABASE_URL: process.env.DATABASE_URL ?? "",
  AUTH_SECRET: process.env.AUTH_SECRET ?? "e2e-secret-that-is-long-enough-for-hs256-0123456789",
  SIGNING_KEY: process.env.SIGNING_KEY,
  SCRAPER_ALLOW_LOOPBACK: "1",
  LOG_LEVEL: "warn",
  // Every account of the suite is created from 127.0.0.1.
  REGISTRATIONS_PER_IP_PER_HOUR: "100000",
};
const executablePath = process.env.CHROMIUM_PATH || undefined;

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  // CI's machine has two cores and runs the PostgreSQL suite beside these tests: there a whole-page axe scan of
  // /api-docs took 31 s, and a handful of others 20-27 s, against the default 30 s. A test that hangs still fails.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath,
      args: ["--no-sandbox", ...PLAIN_CHROMIUM_ARGS],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    {
      command: "npm start",
      url: `${baseURL}/api/health`,
      // A cold build takes several minutes on a loaded two-core machine.
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: { ...serverEnv, PORT: String(port), APP_URL: baseURL, NEXTAUTH_URL: baseURL },
    },
    {
      // The app's own server (the edge in front of Next, as `npm start` runs it) on the build the first one made.
      command: "node --import tsx --conditions=react-server scripts/serve.ts",
      url: `${OTHER_HOST_URL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        ...serverEnv,
        NODE_ENV: "production",
        PORT: String(port + 1),
        APP_URL: OTHER_HOST_URL,
        NEXTAUTH_URL: OTHER_HOST_URL,
      },
    },
  ],
});
