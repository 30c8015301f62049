import "server-only";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { env } from "@/lib/infra/env";
import { AppError } from "@/lib/infra/errors";
import { blockedAddressReason } from "@/lib/infra/outbound/address-policy";

const blocked = (why: string) =>
  new AppError("blocked_webhook_url", `webhook_url is not allowed: ${why}. Webhooks go to public http(s) addresses only.`);

/**
 * The fetcher's SSRF rules applied to a webhook address: every address its host resolves to must be public (no
 * loopback, private, link-local, metadata…), checked on submission (blocked_webhook_url, nothing queued). Each
 * delivery attempt is checked again by the page fetcher's `send`, which connects to the address it checked.
 */
export async function assertWebhookUrlAllowed(url: string): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw blocked("it is not a URL");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw blocked("it is not http(s)");
  if (parsed.username || parsed.password) throw blocked("it carries credentials");
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch {
    throw blocked(`its host ${host} does not resolve`);
  }
  for (const address of addresses) {
    const reason = blockedAddressReason(address, { allowLoopback: env.SCRAPER_ALLOW_LOOPBACK });
    if (reason) throw blocked(`${host} is ${reason}`);
  }
}
