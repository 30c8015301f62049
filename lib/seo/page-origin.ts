import { createHash } from "node:crypto";

/**
 * The origin absolute addresses in page metadata are built against (the canonical link, og:url, og:image): a
 * reserved name (RFC 6761 `.invalid`) that no real host has. Pages are rendered at build time, before the host
 * serving them is known, and one build serves any APP_URL (docs/architecture.md#one-build-any-host); the edge puts
 * the runtime APP_URL's origin in its place in every page it sends (server/document-csp.ts).
 */
export const PAGE_ORIGIN_PLACEHOLDER = "https://app-url.scrapedeck.invalid";

/** `html` with the placeholder origin replaced by `origin`, or null when it names none. */
export function withPageOrigin(html: string, origin: string): string | null {
  return html.includes(PAGE_ORIGIN_PLACEHOLDER) ? html.replaceAll(PAGE_ORIGIN_PLACEHOLDER, origin) : null;
}

/**
 * What the edge appends to a page's ETag: Next tags the page as it rendered it, before the origin went in, so two
 * APP_URLs over one build would send different bodies under one tag. A browser revalidating with the tag it was
 * given gets the suffix taken off before Next compares (`stripEtagSuffix`).
 */
export function etagSuffix(origin: string): string {
  return `-o${createHash("sha256").update(origin).digest("base64url").slice(0, 10)}`;
}

/** `etag` ("…" or W/"…") with `suffix` inside its quotes. */
export function addEtagSuffix(etag: string, suffix: string): string {
  return etag.endsWith('"') ? `${etag.slice(0, -1)}${suffix}"` : etag;
}

/**
 * An If-None-Match header with this server's suffix taken off each tag, so Next can compare them with its own.
 * Tags with another suffix (a page stored from the same build under another APP_URL) or none stay as they are.
 */
export function stripEtagSuffix(ifNoneMatch: string, suffix: string): string {
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim())
    .map((tag) => (tag.endsWith(`${suffix}"`) ? `${tag.slice(0, -suffix.length - 1)}"` : tag))
    .join(", ");
}
