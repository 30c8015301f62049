import "server-only";
import { processWide } from "@/lib/infra/process-state";
import type { RenderedPage, RenderOptions } from "./page";
import { type BrowserPool, createBrowserPool } from "./pool";

export type { RefusalReason, RefusedRequest } from "./egress";
export { DEFAULT_PAGE_LIMITS, MAX_SCREENSHOT_HEIGHT, MAX_WAIT_FOR_MS, type PageLimits } from "./limits";
export type { RenderedPage, RenderOptions } from "./page";
export { type BrowserPool, type BrowserPoolOptions, type BrowserPoolStats, createBrowserPool } from "./pool";

// One pool per process, whichever copy of lib/ asks (lib/infra/process-state.ts), started by its first render: only the
// process that renders (the run worker) ever starts a browser.
const holder = processWide<{ pool?: BrowserPool }>("browser-pool", () => ({}));

/** The process's pool, configured from the environment (CHROMIUM_PATH, BROWSER_POOL_SIZE, BROWSER_PAGES, …). */
export function browserPool(): BrowserPool {
  holder.pool ??= createBrowserPool();
  return holder.pool;
}

/** Renders `url` in the process's pool: BrowserPool.render. */
export function renderPage(url: string, options: RenderOptions): Promise<RenderedPage> {
  return browserPool().render(url, options);
}

/** Stops the process's browsers (worker shutdown, tests). */
export async function closeBrowserPool(): Promise<void> {
  const current = holder.pool;
  holder.pool = undefined;
  await current?.close();
}
