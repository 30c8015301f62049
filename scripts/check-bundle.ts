// npm run check:bundle — first-load JavaScript per public page, from the build's own manifests, against a budget.
// Run after `next build` (npm start and the e2e tests build). What a page loads first: the framework's root chunks
// plus every chunk its layouts and the page itself list as entry files (the client reference manifest). Sizes
// are gzip (level 9, as CDNs and `next start` compress), summed per page; shared chunks count on every page.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, ".next");

/** Budgets in KB gzip (docs/decisions.md#javascript-budget). */
const BUDGET_KB = { marketing: 165, auth: 165 } as const;

const PAGES: ReadonlyArray<{ route: string; page: string; budget: keyof typeof BUDGET_KB }> = [
  { route: "/", page: "/(marketing)/page", budget: "marketing" },
  { route: "/about", page: "/(marketing)/about/page", budget: "marketing" },
  { route: "/api-docs", page: "/(marketing)/api-docs/page", budget: "marketing" },
  { route: "/contact", page: "/(marketing)/contact/page", budget: "marketing" },
  { route: "/scrapers/[id]", page: "/(marketing)/scrapers/[id]/page", budget: "marketing" },
  { route: "/privacy-policy", page: "/(legal)/privacy-policy/page", budget: "marketing" },
  { route: "/login", page: "/(auth)/login/page", budget: "auth" },
  { route: "/register", page: "/(auth)/register/page", budget: "auth" },
];

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(dist, file), "utf8")) as T;
}

interface RscManifest {
  entryJSFiles?: Record<string, string[]>;
}

function pageManifest(page: string): RscManifest {
  const file = path.join(dist, "server", "app", `${page}_client-reference-manifest.js`);
  const sandbox: { globalThis?: unknown; __RSC_MANIFEST?: Record<string, RscManifest> } = {};
  sandbox.globalThis = sandbox;
  runInNewContext(readFileSync(file, "utf8"), sandbox);
  const manifest = sandbox.__RSC_MANIFEST?.[page];
  if (!manifest) throw new Error(`No client manifest for ${page} in ${file}`);
  return manifest;
}

const sizeCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = sizeCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    sizeCache.set(file, size);
  }
  return size;
}

if (!existsSync(path.join(dist, "BUILD_ID"))) {
  console.error("No build in .next: run `npx next build` (or `npm start`) first.");
  process.exit(1);
}

const { rootMainFiles } = readJson<{ rootMainFiles: string[] }>("build-manifest.json");
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
let failed = false;
console.log("First-load JavaScript, gzip:");
for (const { route, page, budget } of PAGES) {
  const entries = pageManifest(page).entryJSFiles ?? {};
  const files = new Set(rootMainFiles);
  for (const [entry, chunks] of Object.entries(entries)) {
    // The layouts above the page and the page itself; not-found and error boundaries load only when shown.
    if (entry.endsWith("/layout") || entry === `[project]/app${page}`) for (const chunk of chunks) files.add(chunk);
  }
  const total = [...files].reduce((sum, file) => sum + gzipBytes(file), 0);
  const limit = BUDGET_KB[budget] * 1024;
  const over = total > limit;
  failed ||= over;
  console.log(`  ${route.padEnd(16)} ${kb(total).padStart(6)} KB  (budget ${BUDGET_KB[budget]} KB${over ? ", OVER" : ""})`);
}
const framework = rootMainFiles.reduce((sum, file) => sum + gzipBytes(file), 0);
console.log(`  of which the framework's root chunks (React, Next's router): ${kb(framework)} KB on every page`);
if (failed) {
  console.error("Over budget: see docs/decisions.md#javascript-budget before raising it.");
  process.exit(1);
}
