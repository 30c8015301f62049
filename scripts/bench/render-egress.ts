// npm run bench:render-egress — what giving Chromium its network costs, three ways, on bench:render's pages: the pool as
// it ships ("routed": every request through Playwright's route and our fetcher, lib/infra/browser/egress.ts), a
// forward proxy in this process that fetches through the same fetcher ("proxied": the other design of the rendering
// issue, at its least: plain HTTP only, no TLS interception, no per-page limits or refusal reasons, so a floor for
// what that design would cost), and Chromium fetching for itself ("direct": bench:render's bare script). Same pages,
// same pages at once, rounds interleaved; per page: CPU of this process (the Playwright client, the routing or the
// proxy, the fetching) and of the browser's process tree, and pages/s. The fixture site runs in a process of its own.
//
// Options: --count (pages per way per round, 80), --rounds (3), --at-once (pages at once, 4), --requests <n>: pages
// that make n fetches each (the site's /hostile/requests), to see the cost per request, instead of the product pages.
import { fork } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { type Browser, chromium } from "playwright-core";
import { processTree } from "@/test/support/processes";
import { option, processCpuMs } from "./support";

Object.assign(process.env, { SCRAPER_ALLOW_LOOPBACK: "1", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
const { env } = await import("@/lib/infra/env");
const { createBrowserPool } = await import("@/lib/infra/browser");
const { chromiumArgs, launcherFor } = await import("@/lib/infra/browser/launch");
const { PLAIN_CHROMIUM_ARGS } = await import("@/lib/infra/browser/flags");
const { DEFAULT_PAGE_LIMITS, VIEWPORT } = await import("@/lib/infra/browser/limits");
const { pageFetcher } = await import("@/lib/infra/outbound/safe-fetch");

const count = Number(option("count", "80"));
const rounds = Number(option("rounds", "3"));
const atOnce = Number(option("at-once", "4"));
const requests = option("requests", "");
/** bench:render's pages and what they wait for: the product drawn from its JSON, or a timer once the fetches are sent. */
const SELECTOR = "#app[data-ready]";
const pageUrl = (origin: string, i: number) =>
  requests ? `${origin}/hostile/requests?n=${requests}` : `${origin}/products/${i % 50}`;
const waitFor = requests ? 300 : SELECTOR;

const siteProcess = fork(path.join(import.meta.dirname, "render-site.ts"), ["0"], {
  execArgv: ["--import", "tsx", "--conditions=react-server"],
});
const origin = await new Promise<string>((resolve) => siteProcess.once("message", (url) => resolve(String(url))));

// The proxy: each request Chromium sends it (absolute-form, plain HTTP) fetched by our fetcher and answered.
const fetcher = pageFetcher();
const proxy = createServer(async (request, response) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers[name] = value;
  try {
    const answer = await fetcher.fetchForBrowser(request.url ?? "", {
      method: request.method ?? "GET",
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : null,
      signal: AbortSignal.timeout(30_000),
      destination: request.headers["sec-fetch-dest"] === "document" ? "document" : "subresource",
      maxBytes: DEFAULT_PAGE_LIMITS.maxResponseBytes,
      budget: { limit: DEFAULT_PAGE_LIMITS.maxPageBytes, used: 0 },
    });
    response.writeHead(answer.status, answer.headers).end(answer.body);
  } catch {
    response.destroy();
  }
});
await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));

const launch = (args: string[]) =>
  chromium.launch({ executablePath: launcherFor(env.CHROMIUM_PATH), args, chromiumSandbox: process.getuid?.() !== 0 });
const proxied = await launch(chromiumArgs((proxy.address() as AddressInfo).port, 512));
const direct = await launch([...PLAIN_CHROMIUM_ARGS]);
// Never retired here, as the other two are not: a browser replaced mid-round would move its CPU out of the reading.
const pool = createBrowserPool({ size: 1, pagesPerBrowser: atOnce, retireAfterPages: Number.MAX_SAFE_INTEGER });

async function browserPid(browser: Browser): Promise<number> {
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = (await session.send("SystemInfo.getProcessInfo")) as { processInfo: { type: string; id: number }[] };
  await session.detach();
  return processInfo.find(({ type }) => type === "browser")?.id ?? 0;
}

/** bench:render's bare script: a context per page, no routing. */
async function renderPlain(browser: Browser, url: string): Promise<void> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "commit" });
    if (typeof waitFor === "string") await page.locator(`css=${waitFor}`).first().waitFor({ state: "attached" });
    else await page.waitForTimeout(waitFor);
    await page.content();
  } finally {
    await context.close();
  }
}

interface Way {
  name: string;
  render(url: string): Promise<unknown>;
  browserPid(): number | Promise<number>;
}
const proxiedPid = await browserPid(proxied);
const directPid = await browserPid(direct);
const ways: Way[] = [
  {
    name: "routed",
    render: (url) => pool.render(url, { deadlineMs: 30_000, waitFor }),
    browserPid: () => pool.stats().perBrowser[0]?.pid ?? 0,
  },
  { name: "proxied", render: (url) => renderPlain(proxied, url), browserPid: () => proxiedPid },
  { name: "direct", render: (url) => renderPlain(direct, url), browserPid: () => directPid },
];

const browserCpuMs = (pid: number) => processCpuMs(processTree(pid), { withChildren: true });
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

// Warm: the pool starts its browser on the first render.
for (const way of ways) await Promise.all(Array.from({ length: atOnce }, (_, i) => way.render(pageUrl(origin, i))));
console.log(
  `bench:render-egress: ${requests ? `pages of ${requests} fetches` : "product pages"}, ${atOnce} at once, ${count} per way per round, ${rounds} rounds; Chromium ${direct.version()}`,
);
console.log("way       round  pages/s  node CPU ms/page  chromium CPU ms/page");
const results = new Map<string, { node: number[]; chromium: number[]; rate: number[] }>();
for (let round = 1; round <= rounds; round++) {
  // Each round starts with another way, so no way always follows the same one.
  for (const way of [...ways.slice(round % ways.length), ...ways.slice(0, round % ways.length)]) {
    const pid = await way.browserPid();
    const [node0, browser0, started] = [ownCpuMs(), browserCpuMs(pid), performance.now()];
    let next = 0;
    await Promise.all(
      Array.from({ length: atOnce }, async () => {
        while (next < count) await way.render(pageUrl(origin, next++));
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const row = { node: (ownCpuMs() - node0) / count, chromium: (browserCpuMs(pid) - browser0) / count, rate: count / seconds };
    const all = results.get(way.name) ?? { node: [], chromium: [], rate: [] };
    all.node.push(row.node);
    all.chromium.push(row.chromium);
    all.rate.push(row.rate);
    results.set(way.name, all);
    console.log(
      `${way.name.padEnd(9)} ${String(round).padStart(5)}  ${row.rate.toFixed(1).padStart(7)}  ${row.node.toFixed(1).padStart(16)}  ${row.chromium.toFixed(1).padStart(20)}`,
    );
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
console.log("\nmedians of rounds:");
for (const [name, all] of results) {
  console.log(
    `  ${name.padEnd(8)} ${median(all.rate).toFixed(1)} pages/s, node ${median(all.node).toFixed(1)} ms/page, chromium ${median(all.chromium).toFixed(1)} ms/page`,
  );
}
console.log(
  `pool: ${JSON.stringify({ launched: pool.stats().launched, retired: pool.stats().retired, crashed: pool.stats().crashed })}`,
);

await pool.close();
await Promise.all([proxied.close(), direct.close()]);
proxy.close();
siteProcess.disconnect();
