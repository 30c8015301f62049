/**
 * The caller's address for throttling. Next fills X-Forwarded-For with the socket address when no proxy set
 * it; behind a proxy the last entry is the one that proxy appended, while earlier entries are whatever the
 * client claimed, so the last one is the one to trust.
 */
export function clientIp(headers: Headers | Record<string, string | string[] | undefined>): string {
  const raw = headers instanceof Headers ? headers.get("x-forwarded-for") : headers["x-forwarded-for"];
  const value = Array.isArray(raw) ? raw.join(",") : raw;
  const last = value?.split(",").at(-1)?.trim();
  return last || "unknown";
}
