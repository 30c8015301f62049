import { BlockList, isIP } from "node:net";

/**
 * Which peers may tell us who the client is (TRUST_PROXY, docs/architecture.md#the-edge):
 * - off (the default): nobody; the client is the socket's peer and X-Forwarded-* are ignored;
 * - a hop count n: the n proxies nearest to us append to X-Forwarded-For, so the client is the n-th address
 *   from the right of the chain [X-Forwarded-For…, socket peer];
 * - a list of addresses and CIDR ranges: walking the chain from the right, every trusted address is skipped and
 *   the first untrusted one is the client.
 * X-Forwarded-Host and X-Forwarded-Proto are read only when the socket peer itself is a trusted proxy.
 */
export type TrustProxy = { kind: "off" } | { kind: "hops"; hops: number } | { kind: "list"; list: BlockList; source: string };

export const TRUST_NOBODY: TrustProxy = { kind: "off" };

/** The setting as written; throws a readable message for anything else. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "0" || value === "false" || value === "off") return TRUST_NOBODY;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (!Number.isSafeInteger(hops) || hops > 32) throw new Error("a hop count must be between 0 and 32");
    return { kind: "hops", hops };
  }
  const list = new BlockList();
  for (const entry of value.split(",").map((part) => part.trim())) {
    if (entry === "") continue;
    const [address = "", prefix, ...rest] = entry.split("/");
    const family = isIP(address);
    if (family === 0 || rest.length > 0) throw new Error(`"${entry}" is not an IP address or CIDR range`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128)) throw new Error(`"${entry}" has an invalid prefix length`);
    list.addSubnet(address, bits, type);
  }
  return { kind: "list", list, source: value };
}

/** An IPv4 address mapped into IPv6 (::ffff:1.2.3.4), as dual-stack sockets report it, in its plain form. */
export function normaliseAddress(address: string): string {
  const trimmed = address.trim().replace(/^\[|\]$/g, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

function isTrustedAddress(trust: TrustProxy, address: string): boolean {
  if (trust.kind !== "list") return false;
  const family = isIP(address);
  if (family === 0) return false;
  return trust.list.check(address, family === 4 ? "ipv4" : "ipv6");
}

export interface ClientInfo {
  /** The client's address; "unknown" only when the socket has none (it was closed). */
  ip: string;
  /** "http" or "https", as the client reached the first trusted hop. */
  proto: "http" | "https";
  /** The host the client asked for, when known. */
  host: string | null;
}

type HeaderValue = string | string[] | undefined;

function firstValue(value: HeaderValue): string | undefined {
  const joined = Array.isArray(value) ? value.join(",") : value;
  return joined?.split(",")[0]?.trim() || undefined;
}

/**
 * The client as the trusted proxies describe it. `encrypted` says whether our own socket is TLS (a direct
 * https server); `headers` are the request's, as node:http parsed them.
 */
export function resolveClient(
  trust: TrustProxy,
  socketAddress: string | undefined,
  encrypted: boolean,
  headers: Record<string, HeaderValue>,
): ClientInfo {
  const peer = socketAddress ? normaliseAddress(socketAddress) : "unknown";
  const ownProto = encrypted ? "https" : "http";
  const host = firstValue(headers.host) ?? null;
  const peerTrusted = trust.kind === "hops" ? trust.hops > 0 : isTrustedAddress(trust, peer);
  if (!peerTrusted) return { ip: peer, proto: ownProto, host };

  const forwardedFor = headers["x-forwarded-for"];
  const joined = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const chain = joined
    .split(",")
    .map((entry) => normaliseAddress(entry))
    .filter((entry) => entry !== "");
  // Nearest first: the socket peer, then what each proxy appended, right to left.
  const hops = [peer, ...chain.reverse()];
  let ip: string;
  if (trust.kind === "hops") {
    ip = hops[Math.min(trust.hops, hops.length - 1)] ?? peer;
  } else {
    const firstUntrusted = hops.find((address) => !isTrustedAddress(trust, address));
    ip = firstUntrusted ?? hops.at(-1) ?? peer;
  }
  // Whatever a client wrote into the chain beyond the trusted hops is not an address we can key a throttle on.
  if (isIP(ip) === 0) ip = peer;
  const forwardedProto = firstValue(headers["x-forwarded-proto"])?.toLowerCase();
  const proto = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : ownProto;
  const forwardedHost = firstValue(headers["x-forwarded-host"]);
  return { ip, proto, host: forwardedHost ?? host };
}
