import { isIP } from "node:net";
import { env } from "@/lib/infra/env";
import { type AddressPolicy, blockedAddressReason } from "./address-policy";
import { DEFAULT_FETCH_POLICY, type Resolver } from "./safe-fetch";

/** What a host resolves to, as far as the address policy is concerned. */
export type AddressVerdict =
  | { allowed: true }
  /** The host names (or is) an address we never fetch: `address` is the first such, `reason` why. */
  | { allowed: false; address: string; reason: string }
  /** The host did not resolve; the fetch would fail, but nothing private is behind it. */
  | { allowed: true; unresolved: true };

export interface AddressCheckOptions extends Partial<AddressPolicy> {
  resolve?: Resolver;
  /** How long a host's verdict is reused. DNS answers change; a minute is short enough to notice. */
  ttlMs?: number;
  /** How many hosts' verdicts are kept (the oldest go first). */
  maxHosts?: number;
  /** The clock, for tests. */
  now?: () => number;
}

export interface AddressChecker {
  /** Whether `url`'s host may be fetched under the address policy (every address it resolves to is public). */
  check(url: URL): Promise<AddressVerdict>;
}

/**
 * Checks hosts before anything is sent, so that a caller with many URLs (a crawl's discovered links) can refuse
 * the private ones one by one and count them, resolving each host once per `ttlMs` rather than once per URL.
 * It is a sorting aid, not the guard: the fetcher checks and pins the addresses again on every request, so a
 * verdict that went stale (DNS rebinding) still cannot reach a private address.
 */
export function createAddressChecker(options: AddressCheckOptions = {}): AddressChecker {
  const policy: AddressPolicy = { allowLoopback: options.allowLoopback ?? env.SCRAPER_ALLOW_LOOPBACK };
  const resolve = options.resolve ?? DEFAULT_FETCH_POLICY.resolve;
  const ttlMs = options.ttlMs ?? 60_000;
  const maxHosts = options.maxHosts ?? 1_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { verdict: Promise<AddressVerdict>; expires: number }>();

  async function judge(host: string): Promise<AddressVerdict> {
    let addresses: string[];
    if (isIP(host)) addresses = [host];
    else {
      try {
        addresses = (await resolve(host)).map((entry) => entry.address);
      } catch {
        return { allowed: true, unresolved: true };
      }
    }
    for (const address of addresses) {
      const reason = blockedAddressReason(address, policy);
      if (reason) return { allowed: false, address, reason };
    }
    return addresses.length > 0 ? { allowed: true } : { allowed: true, unresolved: true };
  }

  return {
    check(url) {
      const host = url.hostname.replace(/^\[|\]$/g, "");
      const cached = cache.get(host);
      if (cached && cached.expires > now()) return cached.verdict;
      cache.delete(host);
      if (cache.size >= maxHosts) cache.delete(cache.keys().next().value as string);
      const verdict = judge(host);
      cache.set(host, { verdict, expires: now() + ttlMs });
      return verdict;
    },
  };
}
