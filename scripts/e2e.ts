// npm run test:e2e — Playwright in Chromium against the built app on a fresh database.
// Browser: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own download.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dropPostgresSchema, freshDatabaseUrl } from "@/test/support/database";

function findChromium(): string | undefined {
  for (const candidate of [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"]) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return undefined;
}

async function playwrightOwnChromium(): Promise<string | undefined> {
  const { chromium } = await import("@playwright/test");
  const path = chromium.executablePath();
  return existsSync(path) ? path : undefined;
}

const chromium = findChromium() ?? (await playwrightOwnChromium());
if (!chromium) {
  console.error(
    "No Chromium found for the end-to-end tests. Install one of:\n" +
      "  Debian/Ubuntu: sudo apt-get install -y chromium   (or set CHROMIUM_PATH to a Chromium binary)\n" +
      "  anywhere with internet: npx playwright install chromium",
  );
  process.exit(1);
}

const databaseUrl = freshDatabaseUrl();
const child = spawn("npx", ["playwright", "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, CHROMIUM_PATH: chromium, DATABASE_URL: databaseUrl },
});
const code: number = await new Promise((resolve) => child.on("exit", (status) => resolve(status ?? 1)));
await dropPostgresSchema(databaseUrl);
process.exit(code);
