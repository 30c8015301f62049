import { isIP } from "node:net";
import proxyaddr from "proxy-addr";

/**
 * Which peers may tell us who the client is (TRUST_PROXY, docs/architecture.md#the-edge):
 * - off (the default): nobody; the client is the socket's peer and X-Forwarded-* are ignored;
 * - a hop count n: the n proxies nearest to us append to X-Forwarded-For, so the client is the n-th address
 *   from the right of the chain [X-Forwarded-For…, socket peer];
 * - a list of addresses, CIDR ranges and proxy-addr's names (loopback, linklocal, uniquelocal): walking the chain
 *   from the right, every trusted address is skipped and the first untrusted one is the client.
 * X-Forwarded-Host and X-Forwarded-Proto are read only when the socket peer itself is a trusted proxy.
 * The list and the walk are proxy-addr's (Express's): what is ours is the hop count's bounds, the host and proto, and
 * never keying a throttle on something that is not an address.
 */
export type TrustProxy =
  | { kind: "off" }
  | { kind: "hops"; hops: number }
  | { kind: "list"; trusts: (address: string, index: number) => boolean; source: string };

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
  const entries = value
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  try {
    return { kind: "list", trusts: proxyaddr.compile(entries), source: value };
  } catch (error) {
    // proxy-addr says which entry: "invalid IP address: 10.0.0", "invalid range on address: ::1/129".
    throw new Error(error instanceof Error ? error.message : String(error));
  }
}

/** An IPv4 address mapped into IPv6 (::ffff:1.2.3.4), as dual-stack sockets report it, in its plain form. */
export function normaliseAddress(address: string): string {
  const trimmed = address.trim().replace(/^\[|\]$/g, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed;
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
  if (trust.kind === "off" || !socketAddress) return { ip: peer, proto: ownProto, host };
  const trusts = trust.kind === "hops" ? (_address: string, index: number) => index < trust.hops : trust.trusts;
  if (!trusts(socketAddress, 0)) return { ip: peer, proto: ownProto, host };

  // The chain [socket peer, X-Forwarded-For right to left] walked while its hops are trusted.
  let ip = normaliseAddress(proxyaddr({ connection: { remoteAddress: socketAddress }, headers } as never, trusts));
  // Whatever a client wrote into the chain beyond the trusted hops is not an address we can key a throttle on.
  if (isIP(ip) === 0) ip = peer;
  const forwardedProto = firstValue(headers["x-forwarded-proto"])?.toLowerCase();
  const proto = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : ownProto;
  const forwardedHost = firstValue(headers["x-forwarded-host"]);
  return { ip, proto, host: forwardedHost ?? host };
}
