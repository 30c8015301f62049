import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, type Page, test } from "@playwright/test";
import { COOKIE_BANNER_ID } from "@/components/site/cookie-choice";
import { withCookieChoice } from "./public-helpers";

/** The page's cumulative layout shift so far (the browser's own layout-shift entries, buffered from the start). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

for (const viewport of [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
]) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ context }) => withCookieChoice(context));

    for (const path of ["/", "/scrapers/1", "/api-docs"]) {
      test(`${path} does not shift while it loads`, async ({ page }) => {
        await page.goto(path, { waitUntil: "networkidle" });
        // Well under the 0.1 that Core Web Vitals call good: content arrives with the HTML and placeholders keep sizes.
        expect(await layoutShift(page)).toBeLessThan(0.02);
      });
    }
  });
}

test.describe("on a phone, first visit", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // The cookie banner is in the server HTML, anchored to the bottom of the screen: anything that changes its height
  // after the first paint (a web font swapped in) moves all of it.
  for (const path of ["/", "/login", "/register"]) {
    test(`${path} does not shift with the cookie banner showing`, async ({ page }) => {
      await page.goto(path, { waitUntil: "networkidle" });
      await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
      expect(await layoutShift(page)).toBeLessThan(0.02);
    });
  }
});

/**
 * The app's pages through a server that sends /login's HTML in two pieces, 800 ms apart, cut where `cutAt` says
 * (everything else passed through as the app answers it): the parser then waits there, as on a slow connection.
 * `transform` may rewrite the HTML first.
 */
async function slowHtmlServer(
  appUrl: string,
  cutAt: (html: string) => number,
  transform: (html: string) => string = (html) => html,
): Promise<{ url: string; server: Server }> {
  const html = transform(await (await fetch(`${appUrl}/login`)).text());
  const cut = cutAt(html);
  expect(cut).toBeGreaterThan(0);
  const server = createServer(async (request, response) => {
    if (request.url === "/login") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.write(html.slice(0, cut));
      await sleep(800);
      response.end(html.slice(cut));
      return;
    }
    const upstream = await fetch(`${appUrl}${request.url}`);
    response.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "application/octet-stream" });
    response.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * Opens /login through a server holding its HTML where `cutAt` says (slowHtmlServer) and expects no layout shift once
 * the page, cookie banner included, is whole.
 */
async function expectStillWhileHeld(
  page: Page,
  appUrl: string,
  cutAt: (html: string) => number,
  transform?: (html: string) => string,
): Promise<void> {
  const { url, server } = await slowHtmlServer(appUrl, cutAt, transform);
  try {
    await page.goto(`${url}/login`, { waitUntil: "networkidle" });
    await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
    expect(await layoutShift(page)).toBeLessThan(0.02);
  } finally {
    server.close();
  }
}

/** Where `end` ends, first after `start`; -1 when either is missing. */
function endOf(html: string, start: string, end: string): number {
  const from = html.indexOf(start);
  const at = from < 0 ? -1 : html.indexOf(end, from);
  return at < 0 ? -1 : at + end.length;
}

test.describe("on a phone, first visit, with the HTML held mid-page", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // The first frame waits for the parser to pass the cookie banner, the frame's last element (app/layout.tsx's
  // rel=expect): held inside the footer, a page would otherwise show a short footer at the bottom, then the whole one.
  test("/login paints nothing that moves while its footer is still arriving", async ({ page, baseURL }) => {
    // After the footer's first paragraph.
    await expectStillWhileHeld(page, baseURL as string, (html) => endOf(html, "<footer", "</p>"));
  });

  // Where a browser paints before then (rel=expect left out, as browsers without it do), the banner stays hidden until
  // its last button is parsed (app/globals.css), rather than showing empty and then whole.
  test("/login shows no half-parsed cookie banner where the first frame does not wait", async ({ page, baseURL }) => {
    // Right after the banner's opening tag: the banner there, nothing in it yet.
    await expectStillWhileHeld(
      page,
      baseURL as string,
      (html) => endOf(html, `id="${COOKIE_BANNER_ID}"`, ">"),
      (html) => {
        const withoutExpect = html.replace(/<link[^>]*rel="expect"[^>]*>/, "");
        // Else the first frame would wait as in the test above, and this one would not test the banner's own rule.
        expect(withoutExpect).not.toContain('rel="expect"');
        return withoutExpect;
      },
    );
  });
});
