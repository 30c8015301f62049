import { type DomIndex, first, select } from "./dom";
import { cleanText, textContent } from "./text";
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

export function readMeta(index: DomIndex, base: string): PageMeta {
  const tags = new Map<string, string[]>();
  for (const element of select(index, null, "meta")) {
    const { attribs } = element;
    const name = (attribs.property ?? attribs.name ?? attribs.itemprop)?.trim().toLowerCase();
    const content = cleanText(attribs.content ?? attribs.value);
    if (!name || !content) continue;
    for (const key of /\s/.test(name) ? name.split(/\s+/) : [name]) {
      const list = tags.get(key);
      if (list) list.push(content);
      else tags.set(key, [content]);
    }
  }
  const canonical = absoluteUrl(first(index, 'link[rel~="canonical" i]')?.attribs.href, base);
  return {
    get: (...names) => {
      for (const name of names) {
        const value = tags.get(name)?.[0];
        if (value) return value;
      }
      return null;
    },
    all: (name) => tags.get(name) ?? [],
    title: cleanText(textContent(first(index, "title"))),
    canonical,
    lang: cleanText(first(index, "html")?.attribs.lang)?.toLowerCase() ?? null,
  };
}
