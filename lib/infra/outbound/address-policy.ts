import { BlockList, isIP } from "node:net";

/** Which network addresses the scraper may connect to. Everything public is allowed; loopback only on request. */
export interface AddressPolicy {
  /** Tests fetch their fixture site on 127.0.0.1. Production never sets this. */
  allowLoopback: boolean;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

// IANA special-purpose ranges that are never a public web site (RFC 6890 and successors).
const RESERVED = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network", includes the unspecified address
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, includes broadcast
] as const) {
  RESERVED.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 96], // unspecified and the deprecated IPv4-compatible form (::1 is handled as loopback)
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo, ORCHID, …)
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // deprecated site-local
  ["ff00::", 8], // multicast
] as const) {
  RESERVED.addSubnet(network, prefix, "ipv6");
}

/**
 * Why `address` (an IP literal) may not be fetched, or null when it may. IPv6 forms that carry an IPv4
 * address (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by that IPv4 address.
 */
export function blockedAddressReason(address: string, policy: AddressPolicy): string | null {
  const family = isIP(address);
  if (family === 0) return "not an IP address";
  if (family === 6) {
    const embedded = embeddedIPv4(address);
    if (embedded) return blockedAddressReason(embedded, policy);
  }
  const type = family === 4 ? "ipv4" : "ipv6";
  if (LOOPBACK.check(address, type)) return policy.allowLoopback ? null : "loopback address";
  if (RESERVED.check(address, type)) return "private or reserved address";
  return null;
}

export function isBlockedAddress(address: string, policy: AddressPolicy): boolean {
  return blockedAddressReason(address, policy) !== null;
}

/** The IPv4 address carried inside an IPv6 address, for the forms that route to it. */
function embeddedIPv4(address: string): string | null {
  const words = ipv6Words(address);
  if (!words) return null;
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  const zeros = (from: number, to: number) => words.slice(from, to).every((word) => word === 0);
  if (zeros(0, 5) && words[5] === 0xffff) return v4(words[6] ?? 0, words[7] ?? 0); // ::ffff:a.b.c.d
  if (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6)) return v4(words[6] ?? 0, words[7] ?? 0); // NAT64
  if (words[0] === 0x2002) return v4(words[1] ?? 0, words[2] ?? 0); // 6to4
  return null;
}

/** The eight 16-bit words of an IPv6 literal (already validated by net.isIP). */
function ipv6Words(address: string): number[] | null {
  let text = address.split("%")[0] ?? "";
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part ? part.split(":").map((word) => Number.parseInt(word, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const words = tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
  return words.length === 8 ? words : null;
}
