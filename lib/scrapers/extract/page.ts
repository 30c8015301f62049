import { type CheerioAPI, load } from "cheerio";
import type { Element } from "domhandler";
import { parseJsonLd } from "./json-ld";
import { type PageMeta, readMeta } from "./meta";
import { parseMicrodata } from "./microdata";
import { parseRdfa } from "./rdfa";
import type { Thing } from "./things";

/** A page parsed once, with every layer the extractors read from. */
export interface Page {
  $: CheerioAPI;
  /** The page's own address: relative links resolve against it. */
  url: string;
  /** schema.org entities: JSON-LD first, then microdata, then RDFa. */
  things: Thing[];
  meta: PageMeta;
  /** Where the page's own content is (<main>, role=main, …), else <body>. */
  content: Element;
}

const CONTENT_SELECTORS = ["main", '[role="main"]', "#main-content", "#maincontent", "#main", "#content", ".main-content"];

export function parsePage(html: string, url: string): Page {
  const $ = load(html, { baseURI: url });
  const base = baseUrl($, url);
  return {
    $,
    url: base,
    things: [...parseJsonLd($), ...parseMicrodata($, base), ...parseRdfa($, base)],
    meta: readMeta($, base),
    content: contentRoot($),
  };
}

function baseUrl($: CheerioAPI, url: string): string {
  const href = $("base[href]").attr("href");
  if (!href) return url;
  try {
    return new URL(href, url).href;
  } catch {
    return url;
  }
}

function contentRoot($: CheerioAPI): Element {
  for (const selector of CONTENT_SELECTORS) {
    const found = $(selector).get(0);
    if (found) return found as Element;
  }
  return ($("body").get(0) ?? $.root().children().get(0)) as Element;
}
