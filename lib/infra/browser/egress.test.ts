import type { LookupAddress } from "node:dns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/infra/errors";
import { isBlockedAddress } from "@/lib/infra/outbound/address-policy";
import { DEFAULT_FETCH_POLICY, type Resolver } from "@/lib/infra/outbound/safe-fetch";
import {
  type BrowserSite,
  type InternalServer,
  machineAddresses,
  startBrowserSite,
  startInternalServer,
} from "@/test/support/browser-site";
import { chromiumInstalled } from "@/test/support/chromium";
import { type BrowserPool, createBrowserPool } from "./pool";

// The plain fetcher's SSRF vectors (safe-fetch.test.ts, address-policy.test.ts) replayed from inside a rendered page:
// as its address, its redirects and navigations, and as every kind of request a page can make. An "internal" server
// listens on every address of this machine; whatever the page tries, its log must stay empty.
//
// As in the fetcher's tests, SCRAPER_ALLOW_LOOPBACK lets the browser reach the fixture site on 127.0.0.1, which stands
// for the public web; the internal server is then aimed at through every other address that reaches it (0.0.0.0, [::],
// this machine's own private addresses and names that resolve to them). Loopback itself is tested on a second pool
// that refuses it, as production does.

let site: BrowserSite;
let internal: InternalServer;
let open: BrowserPool;
let strict: BrowserPool;
const lookups = new Map<string, number>();

/** Names the tests resolve themselves; anything else goes to the system resolver (localhost). */
function resolverFor(internalAddress: string): Resolver {
  const machine = machineAddresses();
  const hosts: Record<string, string[]> = {
    "shop.example": ["127.0.0.1"],
    "zero.example": ["0.0.0.0"],
    "intranet.example": machine.v4.filter(blocked).slice(0, 1).concat("10.0.0.7").slice(0, 1),
    "v6-intranet.example": machine.v6.filter(blocked).slice(0, 1).concat("fd00::1").slice(0, 1),
    "metadata.example": ["169.254.169.254"],
    "loopback.example": ["127.0.0.1"],
    "mixed.example": ["127.0.0.1", internalAddress],
  };
  return async (hostname) => {
    // rebind-<n>.example: the fixture site on the first lookup, the internal server on every later one.
    if (/^rebind-\d+\.example$/.test(hostname)) {
      const count = (lookups.get(hostname) ?? 0) + 1;
      lookups.set(hostname, count);
      return [family(count === 1 ? "127.0.0.1" : internalAddress)];
    }
    const addresses = hosts[hostname];
    return addresses ? addresses.map(family) : DEFAULT_FETCH_POLICY.resolve(hostname);
  };
}

const family = (address: string): LookupAddress => ({ address, family: address.includes(":") ? 6 : 4 });
const blocked = (address: string) => isBlockedAddress(address, { allowLoopback: true });

/** Every address form that reaches the internal server and that the policy must refuse even with loopback allowed. */
function internalTargets(port: number): string[] {
  const { v4, v6 } = machineAddresses();
  const ownV4 = v4.filter(blocked);
  const decimal = (address: string) => address.split(".").reduce((sum, part) => sum * 256 + Number(part), 0);
  return [
    `http://0.0.0.0:${port}/`,
    `http://[::]:${port}/`,
    `http://zero.example:${port}/`,
    ...ownV4.flatMap((address) => [
      `http://${address}:${port}/`,
      `http://${decimal(address)}:${port}/`,
      `http://[::ffff:${address}]:${port}/`,
    ]),
    ...(ownV4.length > 0 ? [`http://intranet.example:${port}/`] : []),
    ...v6.filter(blocked).map((address) => `http://[${address}]:${port}/`),
  ];
}

/** Private addresses nothing here listens on: no hit to see, but refused all the same. */
const UNREACHABLE_TARGETS = [
  "http://169.254.169.254/latest/meta-data/",
  "http://metadata.example/latest/meta-data/",
  "http://10.0.0.1/",
  "http://[fd00::1]/",
  "http://[::ffff:10.0.0.1]/",
];

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe.skipIf(!chromiumInstalled)("a rendered page reaches nothing private (SSRF)", () => {
  beforeAll(async () => {
    [site, internal] = await Promise.all([startBrowserSite(), startInternalServer()]);
    const resolve = resolverFor("0.0.0.0");
    open = createBrowserPool({ size: 1, pagesPerBrowser: 4, fetchPolicy: { resolve, allowLoopback: true } });
    strict = createBrowserPool({ size: 1, pagesPerBrowser: 4, fetchPolicy: { resolve, allowLoopback: false } });
  });

  afterAll(async () => {
    await Promise.all([open?.close(), strict?.close()]);
    await Promise.all([site?.close(), internal?.close()]);
  });

  it("refuses every kind of request a page makes to a private address, in the page and its frames and workers", async () => {
    const targets = [...internalTargets(internal.port), ...UNREACHABLE_TARGETS];
    const rendered = await Promise.all(
      targets.map((target) =>
        // With a screenshot, so images and fonts are fetched (and refused) too.
        open.render(`${site.url}/probe?target=${encodeURIComponent(target)}`, {
          deadlineMs: 60_000,
          waitFor: "#done",
          screenshot: {},
        }),
      ),
    );
    for (const [index, target] of targets.entries()) {
      const page = rendered[index];
      // The browser writes addresses as the URL standard does (2130706433 → 127.0.0.1), as new URL() does here.
      const aimed = page?.refused.filter(({ url }) => new URL(url).origin === new URL(target).origin) ?? [];
      const vectors = (reason: string) =>
        aimed.filter((entry) => entry.reason === reason).map(({ url }) => new URL(url).searchParams.get("v"));
      // What a page fetches from HTML, CSS and script, and what its worker and its form do.
      expect([target, vectors("blocked_address")]).toEqual([
        target,
        expect.arrayContaining([
          "img",
          "script",
          "iframe",
          "stylesheet",
          "css-import",
          "font",
          "fetch",
          "fetch-no-cors",
          "xhr",
          "worker",
          "beacon",
          "form",
        ]),
      ]);
      // Audio, video and event streams are refused for what they are, before any address is looked at.
      expect(vectors("blocked_type")).toEqual(expect.arrayContaining(["audio", "video", "eventsource"]));
      expect(aimed.every(({ reason }) => ["blocked_address", "blocked_type", "popup"].includes(reason))).toBe(true);
      expect(page?.html).toContain('<p id="done">tried</p>');
    }
    expect(internal.hits()).toEqual([]);
  }, 240_000);

  it("refuses a private address as the page itself, as its redirect's target and as where its script navigates", async () => {
    for (const target of [...internalTargets(internal.port), ...UNREACHABLE_TARGETS]) {
      const direct = await failure(open.render(target, { deadlineMs: 20_000 }));
      expect([target, direct.code]).toEqual([target, "blocked_address"]);
      const redirected = await failure(
        open.render(`${site.url}/redirect-to?url=${encodeURIComponent(target)}`, { deadlineMs: 20_000 }),
      );
      expect([target, redirected.code]).toEqual([target, "blocked_address"]);
      const moved = await failure(
        open.render(`${site.url}/hostile/navigate-to?to=${encodeURIComponent(target)}`, { deadlineMs: 20_000 }),
      );
      expect([target, moved.code]).toEqual([target, "blocked_address"]);
    }
    expect(internal.hits()).toEqual([]);
  }, 180_000);

  it("checks every hop of a subresource's redirect", async () => {
    for (const target of internalTargets(internal.port)) {
      const page = await open.render(`${site.url}/subresource-redirect?url=${encodeURIComponent(target)}`, {
        deadlineMs: 20_000,
      });
      expect([target, page.html]).toEqual([target, expect.stringContaining('<p id="loaded">no</p>')]);
      expect(page.refused).toEqual([
        { url: `${site.url}/redirect-to?url=${encodeURIComponent(target)}`, reason: "blocked_address" },
      ]);
    }
    expect(internal.hits()).toEqual([]);
  }, 120_000);

  it("refuses a name that resolves to the fixture site first and to a private address next (DNS rebinding)", async () => {
    const name = "rebind-1.example";
    const target = `http://${name}:${internal.port}/`;
    const page = await open.render(`http://${name}:${site.port}/probe?target=${encodeURIComponent(target)}`, {
      deadlineMs: 30_000,
      waitFor: "#done",
    });
    expect(page.finalUrl).toBe(`http://${name}:${site.port}/probe?target=${encodeURIComponent(target)}`);
    expect(page.refused.filter(({ url }) => url.startsWith(target)).map(({ reason }) => reason)).toContain("blocked_address");
    expect(lookups.get(name)).toBeGreaterThan(1);
    // A name that answers a private address beside the site's is refused whole, as the fetcher refuses it.
    expect((await failure(open.render(`http://mixed.example:${site.port}/products/1`, { deadlineMs: 20_000 }))).code).toBe(
      "blocked_address",
    );
    expect(internal.hits()).toEqual([]);
  }, 60_000);

  it("refuses loopback in every spelling, and names that resolve to it, where loopback is not allowed", async () => {
    const port = internal.port;
    const cases: [string, string][] = [
      [`http://127.0.0.1:${port}/`, "127.0.0.1"],
      [`http://127.8.9.10:${port}/`, "127.8.9.10"],
      [`http://[::1]:${port}/`, "::1"],
      [`http://[::ffff:127.0.0.1]:${port}/`, "::ffff:7f00:1"],
      [`http://2130706433:${port}/`, "127.0.0.1"],
      [`http://0177.0.0.1:${port}/`, "127.0.0.1"],
      [`http://0x7f.0.0.1:${port}/`, "127.0.0.1"],
      [`http://loopback.example:${port}/`, "127.0.0.1 (loopback.example)"],
      [`http://localhost:${port}/`, "(localhost)"],
      [`http://shop.example:${site.port}/products/1`, "127.0.0.1 (shop.example)"],
    ];
    for (const [url, address] of cases) {
      const error = await failure(strict.render(url, { deadlineMs: 20_000 }));
      expect([url, error.code]).toEqual([url, "blocked_address"]);
      expect(error.message).toContain(address);
    }
    expect(internal.hits()).toEqual([]);
    expect(site.received().filter((path) => path.startsWith("/products/1"))).toEqual([]);
  }, 120_000);
});
