import type { Element } from "domhandler";
import { find, textOf } from "./html";
import type { Page } from "./page";
import { text } from "./things";

// Page titles carry the site's name ("Headline | Site", "Site - Headline", "見出し：サイト名"); the item's
// title is the headline alone.

/** Separators between a headline and the site's name, spaced ASCII ones and unspaced full-width ones. */
const SEPARATOR = /\s+[|·•–—\-:_»/]{1,2}\s+|\s*[｜：|]\s*|\s+::\s+|_(?=\S)|(?<=\S):(?=\S)/u;
const SEPARATORS = new RegExp(SEPARATOR.source, "gu");

/** Lower-cased letters and digits only: how site names are compared ("E! Online" ≈ "eonline"). */
function squash(value: string): string {
  return value
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Names the site goes by: og:site_name, application-name, the publisher, the host's own label. */
export function siteNames(page: Page): string[] {
  const names = [
    page.meta.get("og:site_name"),
    page.meta.get("application-name"),
    page.meta.get("twitter:site")?.replace(/^@/, "") ?? null,
    ...page.things.flatMap((thing) => [text(thing, "publisher"), thing.types.includes("WebSite") ? text(thing, "name") : null]),
  ];
  try {
    const host = new URL(page.url).hostname.replace(/^www\./, "");
    names.push(host, host.split(".")[0] ?? null);
  } catch {
    // a page without a usable address has no host name to compare
  }
  return [...new Set(names.filter((name): name is string => Boolean(name)).map(squash))].filter((name) => name.length >= 2);
}

/** Whether a title segment names the site: equal to one of its names, or holding the host's label. */
function isSiteName(segment: string, names: readonly string[]): boolean {
  const squashed = squash(segment);
  if (!squashed) return true;
  return names.some((name) => squashed === name || (name.length >= 4 && (squashed.includes(name) || name.includes(squashed))));
}

/**
 * The title without the site's name before or after it ("Headline | Site" → "Headline"). Segments are
 * dropped from either end while they name the site; the headline itself is never dropped.
 */
export function stripSiteName(title: string | null, page: Page, names = siteNames(page)): string | null {
  if (!title) return null;
  const separators = [...title.matchAll(SEPARATORS)];
  if (separators.length === 0 || names.length === 0) return title;
  let start = 0;
  let end = title.length;
  // From the end: "Headline - Section - Site".
  for (let i = separators.length - 1; i >= 0; i--) {
    const separator = separators[i] as RegExpExecArray;
    if (separator.index <= start) break;
    const tail = title.slice(separator.index + separator[0].length, end);
    if (!isSiteName(tail, names)) break;
    end = separator.index;
  }
  // From the start: "Site | Headline".
  for (const separator of separators) {
    if (separator.index + separator[0].length >= end) break;
    const head = title.slice(start, separator.index);
    if (!isSiteName(head, names)) break;
    start = separator.index + separator[0].length;
  }
  const stripped = title.slice(start, end).trim();
  return stripped || title;
}

/** Words shared by two titles over the shorter one's words, and over the longer one's. */
function overlap(a: string, b: string): { shorter: number; longer: number } {
  const words = (value: string) =>
    new Set(
      value
        .normalize("NFKC")
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? [],
    );
  const first = words(a);
  const second = words(b);
  const shorter = first.size <= second.size ? first : second;
  const longer = shorter === first ? second : first;
  if (shorter.size === 0) return { shorter: 0, longer: 0 };
  let shared = 0;
  for (const word of shorter) if (longer.has(word)) shared++;
  return { shorter: shared / shorter.size, longer: shared / longer.size };
}

/**
 * How much two titles must share to be the same headline: half the shorter one's words, and a third of
 * the longer one's (a one-word <h1> inside a long title is a name, not the headline).
 */
const SAME_HEADLINE = { shorter: 0.5, longer: 0.3 };

/**
 * The page's visible headline (the first <h1> in scope) when it is the headline the page's metadata
 * also gives, maybe shortened or with the site's name: the visible one is what readers see and it
 * carries no site suffix. An <h1> that is the site's logo or a section name agrees with nothing.
 */
export function visibleHeadline(page: Page, scope: Element, others: (string | null)[]): string | null {
  const element = find(page, scope, "h1")[0];
  const heading = textOf(page, element);
  if (!heading || heading.length > 300) return null;
  const names = siteNames(page);
  if (isSiteName(heading, names)) return null;
  const agrees = others.some((other) => {
    if (!other) return false;
    const shared = overlap(heading, stripSiteName(other, page, names) ?? other);
    return shared.shorter >= SAME_HEADLINE.shorter && shared.longer >= SAME_HEADLINE.longer;
  });
  return agrees ? heading : null;
}

/** The page's first <h1> in scope, unless it is the site's name (a logo in an <h1>). */
export function pageHeading(page: Page, scope: Element): string | null {
  const heading = textOf(page, find(page, scope, "h1")[0]);
  return heading && heading.length <= 300 && !isSiteName(heading, siteNames(page)) ? heading : null;
}
