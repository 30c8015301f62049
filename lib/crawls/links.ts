import { Parser } from "htmlparser2";

/** Links one page contributes at most; the rest are counted, never queued (a page of 100,000 links is a trap too). */
export const MAX_LINKS_PER_PAGE = 10_000;

/**
 * The href of every <a> and <area> of an HTML document, resolved against its <base href> (when it has one) or
 * `pageUrl`, in document order, at most MAX_LINKS_PER_PAGE; `dropped` counts those past the cap. A streaming
 * tokenizer: no tree is built, so a 5 MB page costs its own size and no more.
 */
export function extractLinks(html: string, pageUrl: string): { links: string[]; dropped: number } {
  let base = pageUrl;
  let baseSeen = false;
  const raw: string[] = [];
  let dropped = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "base" && !baseSeen && attributes.href) {
          baseSeen = true;
          try {
            base = new URL(attributes.href, pageUrl).href;
          } catch {
            // An unusable <base> leaves the page's own address.
          }
          return;
        }
        if ((name === "a" || name === "area") && attributes.href) {
          if (raw.length < MAX_LINKS_PER_PAGE) raw.push(attributes.href);
          else dropped++;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  const links: string[] = [];
  for (const href of raw) {
    try {
      links.push(new URL(href.trim(), base).href);
    } catch {
      // Not a URL: nothing to follow.
    }
  }
  return { links, dropped };
}
