import type { CheerioAPI } from "cheerio";
import { cleanText } from "./text";
import { absoluteUrl } from "./things";

/**
 * The page's <meta> tags by lower-cased name or property (Open Graph og:*, product:*, article:*,
 * profile:*, Twitter twitter:*, plain description/author…), plus <title>, canonical link and language.
 */
export interface PageMeta {
  /** The first non-empty value of the first name that has one. */
  get(...names: string[]): string | null;
  all(name: string): string[];
  title: string | null;
  canonical: string | null;
  lang: string | null;
}

export function readMeta($: CheerioAPI, base: string): PageMeta {
  const tags = new Map<string, string[]>();
  $("meta").each((_, element) => {
    const { attribs } = element;
    const name = (attribs.property ?? attribs.name ?? attribs.itemprop)?.trim().toLowerCase();
    const content = cleanText(attribs.content ?? attribs.value);
    if (!name || !content) return;
    for (const key of name.split(/\s+/)) {
      const list = tags.get(key);
      if (list) list.push(content);
      else tags.set(key, [content]);
    }
  });
  const canonical = absoluteUrl($('link[rel~="canonical" i]').attr("href"), base);
  return {
    get: (...names) => {
      for (const name of names) {
        const value = tags.get(name)?.[0];
        if (value) return value;
      }
      return null;
    },
    all: (name) => tags.get(name) ?? [],
    title: cleanText($("title").first().text()),
    canonical,
    lang: cleanText($("html").attr("lang"))?.toLowerCase() ?? null,
  };
}
