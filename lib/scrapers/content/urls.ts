import type { Element } from "domhandler";

/** Schemes a reader cannot follow to anything of the page's: script, inline data, the browser's own pages. */
const UNFOLLOWABLE = new Set(["javascript:", "vbscript:", "data:", "blob:", "about:", "file:"]);

/**
 * Resolves the page's links and image sources against its base (`<base href>` or the final URL), remembering each
 * answer: pages repeat the same few hrefs hundreds of times, and `new URL` is the costly part of a link.
 */
export class UrlResolver {
  private readonly known = new Map<string, string | null>();

  constructor(readonly base: string) {}

  /** The absolute URL of `href`; null for none, "#", an unparsable one or a javascript:/data: one. */
  resolve(href: string | undefined): string | null {
    if (href === undefined) return null;
    let resolved = this.known.get(href);
    if (resolved !== undefined) return resolved;
    resolved = absolute(href, this.base);
    this.known.set(href, resolved);
    return resolved;
  }
}

function absolute(href: string, base: string): string | null {
  const value = href.trim();
  // "#" alone leads nowhere: a script handles the click.
  if (!value || value === "#") return null;
  try {
    // The URL parser drops tabs and newlines anywhere ("java\nscript:"), so the scheme is judged after parsing.
    const url = new URL(value, base);
    return UNFOLLOWABLE.has(url.protocol) ? null : url.href;
  } catch {
    return null;
  }
}

/** A 1×1 image is a tracking pixel or a spacer, not part of the content. */
function isPixel(image: Element): boolean {
  return image.attribs.width?.trim() === "1" && image.attribs.height?.trim() === "1";
}

/** Attributes lazy-loading scripts keep the real address in, while `src` holds a placeholder. */
const LAZY_SOURCES = ["data-src", "data-lazy-src", "data-original", "data-url"];

/**
 * The address an <img> shows: a lazy-loading attribute first (its `src` is then a blank or a data: placeholder),
 * then `src`, then the largest candidate of `srcset`; null for a data: blob, a tracking pixel or none.
 */
export function imageSource(image: Element, urls: UrlResolver): string | null {
  if (isPixel(image)) return null;
  const { attribs } = image;
  for (const name of LAZY_SOURCES) {
    const source = urls.resolve(attribs[name]);
    if (source) return source;
  }
  const source = urls.resolve(attribs.src);
  if (source) return source;
  for (const name of ["srcset", "data-srcset"]) {
    const candidate = urls.resolve(largestCandidate(attribs[name]));
    if (candidate) return candidate;
  }
  return null;
}

/** The srcset candidate with the largest width ("640w") or density ("2x"); the first when none says. */
function largestCandidate(srcset: string | undefined): string | undefined {
  if (!srcset) return undefined;
  let best: string | undefined;
  let bestSize = -1;
  // Candidates are separated by a comma and whitespace (a URL may hold commas, not whitespace).
  for (const candidate of srcset.trim().split(/,\s+/)) {
    const [url, descriptor = ""] = candidate.trim().split(/\s+/);
    const size = Number.parseFloat(descriptor) || 0;
    if (url && size > bestSize) {
      best = url.replace(/,$/, "");
      bestSize = size;
    }
  }
  return best;
}
