import type { Page } from "@playwright/test";

/**
 * Holds matching browser requests until `release()` is called, then lets them reach the real server, so a
 * test can see what the page shows while an answer is on its way (skeletons, pending buttons).
 */
export async function holdRequests(page: Page, url: string | RegExp, method?: string): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    if (method && route.request().method() !== method) return route.fallback();
    await gate;
    await route.fallback();
  });
  return release;
}
