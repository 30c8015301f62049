import type { Document, Element } from "domhandler";
import { compile, type DomIndex, first, indexDom } from "./dom";
import { parseJsonLd } from "./json-ld";
import { type PageMeta, readMeta } from "./meta";
import { parseMicrodata } from "./microdata";
import { parseHtml } from "./parse-html";
import { parseRdfa } from "./rdfa";
import type { Thing } from "./things";

/** A page parsed once, with every layer the extractors read from. */
export interface Page {
  /** The parsed document (domhandler nodes, as cheerio would have built them). */
  document: Document;
  /** Every element in document order, for fast queries (see dom.ts). */
  index: DomIndex;
  /** The page's own address: relative links resolve against it. */
  url: string;
  /** schema.org entities: JSON-LD first, then microdata, then RDFa. */
  things: Thing[];
  meta: PageMeta;
  /** Where the page's own content is (<main>, role=main, …), else <body>. */
  content: Element;
}

const CONTENT_SELECTORS = ["main", '[role="main"]', '[id="main-content"]', '[id="maincontent"]', '[id="main"]', '[id="content"]'];

export function parsePage(html: string, url: string): Page {
  const document = parseHtml(html);
  const index = indexDom(document);
  const base = baseUrl(index, url);
  return {
    document,
    index,
    url: base,
    things: [...parseJsonLd(index), ...parseMicrodata(index, base), ...parseRdfa(index, base)],
    meta: readMeta(index, base),
    content: contentRoot(index),
  };
}

function baseUrl(index: DomIndex, url: string): string {
  const href = first(index, "base[href]")?.attribs.href;
  if (!href) return url;
  try {
    return new URL(href, url).href;
  } catch {
    return url;
  }
}

function contentRoot(index: DomIndex): Element {
  const matchers = CONTENT_SELECTORS.map(compile);
  let best: Element | undefined;
  let bestRank = matchers.length;
  for (const element of index.elements) {
    const rank = matchers.findIndex((match, position) => position < bestRank && match(element));
    if (rank >= 0) {
      best = element;
      bestRank = rank;
      if (rank === 0) break;
    }
  }
  return (best ?? first(index, "body") ?? index.elements[0]) as Element;
}
