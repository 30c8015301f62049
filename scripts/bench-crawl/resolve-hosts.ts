// bench:crawl's stand-in for DNS: the site's made-up host names resolve to 127.0.0.1 through a replaced dns.lookup
// (the safe fetcher resolves with it; the address policy still applies, loopback allowed as in tests). Called by
// the in-process contender; imported first by the multi-process one's worker script (worker.ts), which reads
// the names from BENCH_CRAWL_HOSTS (JSON: host → address).
import dns from "node:dns";
import { syncBuiltinESMExports } from "node:module";

export const HOSTS_ENV = "BENCH_CRAWL_HOSTS";

export function resolveHostsTo(hosts: Record<string, string>): void {
  const realLookup = dns.lookup;
  (dns as { lookup: unknown }).lookup = (hostname: string, options: unknown, callback: unknown) => {
    const address = hosts[hostname.toLowerCase()];
    if (!address) return (realLookup as (...args: unknown[]) => void)(hostname, options, callback);
    const done = (typeof options === "function" ? options : callback) as (...args: unknown[]) => void;
    const all = typeof options === "object" && options !== null && (options as { all?: boolean }).all;
    if (all) done(null, [{ address, family: 4 }]);
    else done(null, address, 4);
  };
  syncBuiltinESMExports();
}

const fromEnv = process.env[HOSTS_ENV];
if (fromEnv) resolveHostsTo(JSON.parse(fromEnv) as Record<string, string>);
