import { Parser } from "htmlparser2";
import { ScrapeError } from "./errors";

/**
 * How deep the engine walks a page. Browsers stop nesting at a few hundred levels (Blink: 512) and real pages
 * stay well under 100, so a page past these is hostile or broken: its run fails page_too_complex instead of
 * costing a worker seconds or overflowing the stack. Every walk in lib/scrapers is iterative or bounded by
 * these caps.
 */
export const MAX_DOM_DEPTH = 512;
export const MAX_JSON_LD_DEPTH = 64;

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
 * Throws page_too_complex when the markup nests elements past MAX_DOM_DEPTH, before the page is built into a
 * tree: the tree builder (parse5) slows down with the square of the depth, so 100,000 nested elements would
 * take minutes. htmlparser2's tokenizer is linear and closes most implied end tags as browsers do, but not
 * all (an <li> after an unclosed <p> in the previous one nests deeper for it), so this only catches the
 * runaway cases, at 8× the cap (the tree builder handles that depth in well under a second); the exact check
 * is indexDom's, on the tree.
 */
export function assertHtmlDepth(html: string): void {
  let depth = 0;
  const parser = new Parser(
    {
      onopentag() {
        if (++depth > 8 * MAX_DOM_DEPTH) throw pageTooComplex("its elements", MAX_DOM_DEPTH);
      },
      onclosetag() {
        depth--;
      },
    },
    { decodeEntities: false },
  );
  parser.end(html);
}
