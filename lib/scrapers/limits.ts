import type { ParentNode } from "domhandler";
import { adapter } from "parse5-htmlparser2-tree-adapter";
import { ScrapeError } from "@/lib/infra/errors";
import { MAX_PAGE_BYTES } from "@/lib/infra/outbound/limits";

/**
 * How deep the engine walks a page. Browsers stop nesting at a few hundred levels (Blink: 512) and real pages
 * stay well under 100, so a page past these is hostile or broken: its run fails page_too_complex instead of
 * costing a worker seconds or overflowing the stack. Every walk in lib/scrapers is iterative or bounded by
 * these caps.
 */
export const MAX_DOM_DEPTH = 512;
export const MAX_JSON_LD_DEPTH = 64;

/** The largest page the fetcher reads (lib/infra/outbound): a longer one fails too_large before it is parsed. */
export { MAX_PAGE_BYTES };

/**
 * The content formats (lib/scrapers/content). Markdown, text and cleaned HTML are usually a fraction of the page, but
 * short relative links grow into absolute URLs: a format longer than twice the largest page (counted in UTF-16
 * units, as the string is held) is no real page's and fails too_large instead of filling the worker's memory. The
 * links format counts its URLs and texts against the same cap.
 */
export const MAX_FORMAT_CHARS = 2 * MAX_PAGE_BYTES;

/**
 * Lists and block quotes indent Markdown by up to this many levels; deeper ones are written at this depth (their
 * items stay in order). Real pages nest a handful; without the cap a list nested MAX_DOM_DEPTH deep would indent
 * each line by kilobytes.
 */
export const MAX_MARKDOWN_NESTING = 16;

/**
 * A table is written as a GFM grid only while colspan and rowspan fill no more than this many grid cells per cell
 * the table really has (plus TABLE_GRID_SLACK for small tables with a spanning header): past that the spans are
 * hostile (colspan=1000 on every cell) and the rows are written one cell after another, so a table's Markdown stays
 * linear in its markup.
 */
export const TABLE_GRID_FILL = 2;
export const TABLE_GRID_SLACK = 1_000;

/**
 * include_tags / exclude_tags: how many CSS selectors a request may give and how long each may be. Each selector is
 * matched against every element of the page, so the count bounds the work per page; real ones ("article",
 * ".cookie-banner, #share") are a few dozen characters.
 */
export const MAX_TAG_SELECTORS = 20;
export const MAX_SELECTOR_LENGTH = 256;

export function pageTooComplex(what: string, limit: number): ScrapeError {
  return new ScrapeError("page_too_complex", `The page is too complex to extract: ${what} nest more than ${limit} levels deep.`);
}

/** Throws page_too_complex when a parsed JSON value nests deeper than MAX_JSON_LD_DEPTH (an iterative walk). */
export function assertJsonDepth(value: unknown): void {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: node, depth } = stack.pop() as { value: unknown; depth: number };
    if (!node || typeof node !== "object") continue;
    if (depth >= MAX_JSON_LD_DEPTH) throw pageTooComplex("its JSON-LD blocks", MAX_JSON_LD_DEPTH);
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child && typeof child === "object") stack.push({ value: child, depth: depth + 1 });
    }
  }
}

/**
 * The most elements a page may have. Memory, not time, is what a large page runs out of first: a parsed element
 * holds ~1 KB of heap, so a 5 MB article of 214,000 elements needs ~240 MB before any extraction and, in the 256 MB
 * extraction thread (EXTRACTION_MEMORY_MB), ends in garbage collection past the deadline (extraction_timeout) or out
 * of memory. Past this count the parse stops at once with page_too_complex. Real pages stay far below it (a long
 * Wikipedia article has a few tens of thousands); 100,000 table cells or 50,000 links are still answered.
 */
export const MAX_PAGE_ELEMENTS = 150_000;

/** Elements created by the parse under way (parsing is synchronous: one at a time per thread). */
let elementsParsed = 0;

/** Starts the element count of a new parse (lib/scrapers/extract/parse-html.ts calls it before each). */
export function startElementCount(): void {
  elementsParsed = 0;
}

/** The node's depth below the document, counted up to `cap` parent links (so the cost per call is bounded). */
function depthOf(node: ParentNode, cap: number): number {
  let depth = 0;
  for (let at: ParentNode | null = node; at && depth <= cap; at = at.parent) depth++;
  return depth;
}

/**
 * parse5's tree builder (what cheerio parses HTML with) building domhandler nodes, refusing to nest an element
 * past MAX_DOM_DEPTH: the tree builder slows down with the square of the depth, so 100,000 nested elements
 * would take minutes. Checking while the tree is built costs a walk up the new element's few ancestors, where
 * a separate pass over the markup beforehand cost a whole second tokenisation of every page.
 */
export const depthCappedTreeAdapter: typeof adapter = {
  ...adapter,
  createElement(tagName, namespaceURI, attrs) {
    if (++elementsParsed > MAX_PAGE_ELEMENTS) {
      throw new ScrapeError(
        "page_too_complex",
        `The page is too complex to extract: it has more than ${MAX_PAGE_ELEMENTS.toLocaleString("en-US")} elements.`,
      );
    }
    return adapter.createElement(tagName, namespaceURI, attrs);
  },
  appendChild(parent, node) {
    if (node.type === "tag" && depthOf(parent, MAX_DOM_DEPTH) > MAX_DOM_DEPTH)
      throw pageTooComplex("its elements", MAX_DOM_DEPTH);
    adapter.appendChild(parent, node);
  },
  insertBefore(parent, node, reference) {
    if (node.type === "tag" && depthOf(parent, MAX_DOM_DEPTH) > MAX_DOM_DEPTH)
      throw pageTooComplex("its elements", MAX_DOM_DEPTH);
    adapter.insertBefore(parent, node, reference);
  },
};
