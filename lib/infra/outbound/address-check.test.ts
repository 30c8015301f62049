import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { createAddressChecker } from "./address-check";
import type { Resolver } from "./safe-fetch";

const HOSTS: Record<string, string[]> = {
  "public.example": ["93.184.215.14"],
  "intranet.example": ["10.0.0.7"],
  "mixed.example": ["93.184.215.14", "172.20.0.3"],
  "loopback.example": ["127.0.0.1"],
};

function resolver(): { resolve: Resolver; lookups: string[] } {
  const lookups: string[] = [];
  return {
    lookups,
    resolve: async (hostname) => {
      lookups.push(hostname);
      const addresses = HOSTS[hostname];
      if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
      return addresses.map((address): LookupAddress => ({ address, family: address.includes(":") ? 6 : 4 }));
    },
  };
}

describe("checking a URL's host before fetching it", () => {
  it("allows public hosts and refuses any host with a private address, naming it", async () => {
    const { resolve } = resolver();
    const checker = createAddressChecker({ resolve, allowLoopback: false });
    expect(await checker.check(new URL("https://public.example/a"))).toEqual({ allowed: true });
    expect(await checker.check(new URL("https://intranet.example/a"))).toEqual({
      allowed: false,
      address: "10.0.0.7",
      reason: "private or reserved address",
    });
    expect(await checker.check(new URL("https://mixed.example/"))).toMatchObject({ allowed: false, address: "172.20.0.3" });
    expect(await checker.check(new URL("http://loopback.example/"))).toMatchObject({
      allowed: false,
      reason: "loopback address",
    });
  });

  it("judges IP literals without a lookup, in every spelling the URL parser accepts", async () => {
    const { resolve, lookups } = resolver();
    const checker = createAddressChecker({ resolve, allowLoopback: false });
    for (const url of ["http://169.254.169.254/", "http://[::ffff:10.0.0.1]/", "http://2130706433/", "http://[fd00::1]/"]) {
      expect((await checker.check(new URL(url))).allowed).toBe(false);
    }
    expect(await checker.check(new URL("http://93.184.215.14/"))).toEqual({ allowed: true });
    expect(lookups).toEqual([]);
  });

  it("lets loopback through only when the policy allows it (tests)", async () => {
    const { resolve } = resolver();
    const checker = createAddressChecker({ resolve, allowLoopback: true });
    expect(await checker.check(new URL("http://loopback.example/"))).toEqual({ allowed: true });
    expect((await checker.check(new URL("http://intranet.example/"))).allowed).toBe(false);
  });

  it("reports a host that does not resolve as unresolved (the fetch fails on its own), not as private", async () => {
    const { resolve } = resolver();
    const checker = createAddressChecker({ resolve, allowLoopback: false });
    expect(await checker.check(new URL("http://nowhere.example/"))).toEqual({ allowed: true, unresolved: true });
  });

  it("resolves each host once per ttl, keeping at most maxHosts verdicts", async () => {
    const { resolve, lookups } = resolver();
    let clock = 0;
    const checker = createAddressChecker({ resolve, allowLoopback: false, ttlMs: 1_000, maxHosts: 2, now: () => clock });
    await Promise.all([1, 2, 3].map((n) => checker.check(new URL(`https://public.example/${n}`))));
    expect(lookups).toEqual(["public.example"]);
    clock = 1_000;
    await checker.check(new URL("https://public.example/4"));
    expect(lookups).toEqual(["public.example", "public.example"]);
    await checker.check(new URL("https://intranet.example/"));
    await checker.check(new URL("https://mixed.example/"));
    await checker.check(new URL("https://public.example/5"));
    expect(lookups.filter((host) => host === "public.example")).toHaveLength(3);
  });
});
