/**
 * The caller's address for throttling. The edge (server/edge.ts) replaces X-Forwarded-For with the one
 * address it settled on from the socket and TRUST_PROXY, so a client's own header never gets here; the last
 * entry is taken so that a chain (a test, or a server without the edge) still reads its nearest hop.
 */
export function clientIp(headers: Headers | Record<string, string | string[] | undefined>): string {
  const raw = headers instanceof Headers ? headers.get("x-forwarded-for") : headers["x-forwarded-for"];
  const value = Array.isArray(raw) ? raw.join(",") : raw;
  const last = value?.split(",").at(-1)?.trim();
  return last || "unknown";
}
