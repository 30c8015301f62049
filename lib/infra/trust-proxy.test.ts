import { describe, expect, it } from "vitest";
import { parseTrustProxy, resolveClient } from "./trust-proxy";

const headers = (forwardedFor?: string, extra: Record<string, string> = {}) => ({
  host: "app.example",
  ...(forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor }),
  ...extra,
});

describe("parseTrustProxy", () => {
  it.each([undefined, "", " ", "0", "false", "off"])("reads %j as trusting nobody", (raw) => {
    expect(parseTrustProxy(raw)).toEqual({ kind: "off" });
  });

  it("reads a hop count and a list of addresses and ranges", () => {
    expect(parseTrustProxy("2")).toEqual({ kind: "hops", hops: 2 });
    expect(parseTrustProxy("10.0.0.0/8, 127.0.0.1,::1, fd00::/8").kind).toBe("list");
  });

  it.each(["yes", "10.0.0.0/33", "10.0.0/8", "::1/129", "1.2.3.4/8/8", "99"])("refuses %j", (raw) => {
    expect(() => parseTrustProxy(raw)).toThrow();
  });
});

describe("resolveClient", () => {
  it("trusting nobody, is the socket peer whatever the headers claim", () => {
    const client = resolveClient(
      parseTrustProxy(""),
      "::ffff:203.0.113.9",
      false,
      headers("1.2.3.4", { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" }),
    );
    expect(client).toEqual({ ip: "203.0.113.9", proto: "http", host: "app.example" });
  });

  it("with one trusted hop, is the address that proxy appended, and believes its host and proto", () => {
    const client = resolveClient(
      parseTrustProxy("1"),
      "10.0.0.2",
      false,
      headers("6.6.6.6, 198.51.100.7", { "x-forwarded-host": "shop.example", "x-forwarded-proto": "https" }),
    );
    expect(client).toEqual({ ip: "198.51.100.7", proto: "https", host: "shop.example" });
  });

  it("with two hops, skips both proxies' entries but no more", () => {
    expect(resolveClient(parseTrustProxy("2"), "10.0.0.2", false, headers("6.6.6.6, 198.51.100.7, 10.0.0.9")).ip).toBe(
      "198.51.100.7",
    );
    // A chain shorter than the hops ends at its first entry.
    expect(resolveClient(parseTrustProxy("3"), "10.0.0.2", false, headers("198.51.100.7")).ip).toBe("198.51.100.7");
  });

  it("with a list, skips trusted addresses from the right and stops at the first other one", () => {
    const trust = parseTrustProxy("10.0.0.0/8, 127.0.0.1");
    expect(resolveClient(trust, "127.0.0.1", false, headers("6.6.6.6, 198.51.100.7, 10.1.2.3")).ip).toBe("198.51.100.7");
    // A peer outside the list is the client, and its headers are not read.
    const direct = resolveClient(trust, "203.0.113.5", false, headers("1.1.1.1", { "x-forwarded-proto": "https" }));
    expect(direct).toEqual({ ip: "203.0.113.5", proto: "http", host: "app.example" });
  });

  it("takes proxy-addr's named ranges, and IPv4 peers as dual-stack sockets report them", () => {
    const trust = parseTrustProxy("loopback, uniquelocal");
    expect(resolveClient(trust, "::ffff:127.0.0.1", false, headers("198.51.100.7, fd00::5")).ip).toBe("198.51.100.7");
    expect(resolveClient(trust, "203.0.113.5", false, headers("1.1.1.1")).ip).toBe("203.0.113.5");
  });

  it("never keys on something that is not an address", () => {
    expect(resolveClient(parseTrustProxy("1"), "10.0.0.2", false, headers("not-an-ip")).ip).toBe("10.0.0.2");
    expect(resolveClient(parseTrustProxy("1"), "10.0.0.2", false, headers()).ip).toBe("10.0.0.2");
  });

  it("reports https for a TLS socket", () => {
    expect(resolveClient(parseTrustProxy(""), "203.0.113.9", true, headers()).proto).toBe("https");
  });
});
