import type { Element } from "domhandler";
import type { Page } from "../extract/page";
import { cleanText, inlineText } from "../extract/text";
import type { UrlResolver } from "./urls";
import { Budget } from "./writer";

/** One link of the page. */
export interface PageLink {
  /** Absolute, resolved against the page's <base href> or its final URL. */
  url: string;
  /** What the link shows: its text, else its image's alt, aria-label or title; "" when none. */
  text: string;
  /** The link's rel keywords, lower-cased and space-separated as written (nofollow, sponsored, ugc…); null when none. */
  rel: string | null;
}

/**
 * Every <a href> and <area href> of the whole page (navigation and footer included: the crawl follows them), in
 * document order, one entry per URL: the first text found for it, and the rel keywords of every link to it (a
 * nofollow on any of them is kept). Links to javascript:, data: and nowhere are left out.
 */
export function pageLinks(page: Page, urls: UrlResolver): PageLink[] {
  const budget = new Budget("links");
  const found = new Map<string, PageLink>();
  for (const element of page.index.elements) {
    if (element.name !== "a" && element.name !== "area") continue;
    const url = urls.resolve(element.attribs.href);
    if (!url) continue;
    const rel = relKeywords(element.attribs.rel);
    const known = found.get(url);
    if (known) {
      if (!known.text) known.text = linkText(element);
      if (rel) known.rel = known.rel ? mergeRel(known.rel, rel) : rel;
      continue;
    }
    const link = { url, text: linkText(element), rel };
    budget.spend(url.length + link.text.length);
    found.set(url, link);
  }
  return [...found.values()];
}

function linkText(link: Element): string {
  const own = cleanText(inlineText(link));
  if (own) return own;
  const image = firstImage(link);
  return cleanText(image?.attribs.alt) ?? cleanText(link.attribs["aria-label"]) ?? cleanText(link.attribs.title) ?? "";
}

function relKeywords(rel: string | undefined): string | null {
  const keywords = rel?.toLowerCase().split(/\s+/).filter(Boolean);
  return keywords && keywords.length > 0 ? [...new Set(keywords)].join(" ") : null;
}

function mergeRel(known: string, more: string): string {
  return [...new Set([...known.split(" "), ...more.split(" ")])].join(" ");
}

function firstImage(root: Element): Element | undefined {
  const stack: Element[] = [root];
  while (stack.length > 0) {
    const element = stack.pop() as Element;
    for (let i = element.children.length - 1; i >= 0; i--) {
      const child = element.children[i];
      if (child?.type !== "tag") continue;
      if (child.name === "img") return child;
      stack.push(child);
    }
  }
  return undefined;
}
