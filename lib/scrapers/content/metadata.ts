import { toIsoDate } from "../extract/dates";
import { first } from "../extract/dom";
import type { Page } from "../extract/page";
import { cleanText } from "../extract/text";
import { pageItem } from "../extractors/extractor";
import { newsArticleExtractor } from "../extractors/news-article";
import type { UrlResolver } from "./urls";

/** What a page says about itself. Every field is null when the page does not say it. */
export interface PageMetadata {
  /** The headline or page title, without the site's name. */
  title: string | null;
  description: string | null;
  /** The page's language as it states it (`<html lang>`, Content-Language, og:locale), lower-cased: "en", "pt-br". */
  language: string | null;
  /** ISO 8601: a date (YYYY-MM-DD) or a UTC timestamp. */
  published_at: string | null;
  modified_at: string | null;
  author: string | null;
  site_name: string | null;
  /** The page's lead image (og:image, the article's image), absolute. */
  image: string | null;
  /** rel=canonical, absolute. */
  canonical: string | null;
  favicon: string | null;
  /** og:type ("article", "product", "website"…). */
  type: string | null;
  keywords: string[];
}

const MODIFIED = ["article:modified_time", "og:updated_time", "datemodified", "last-modified"];

/**
 * The page's metadata: title, author, date, description and image as the News Articles scraper reads them (structured
 * data, then meta tags, then the visible headline and byline: lib/scrapers/extractors/news-article.ts), which also
 * serves pages that are not articles (their author and date are null); the rest from meta and link tags.
 */
export function pageMetadata(page: Page, urls: UrlResolver): PageMetadata {
  const { meta } = page;
  const article = pageItem(newsArticleExtractor, page);
  return {
    title: article.title,
    description: article.description,
    language: pageLanguage(page),
    published_at: article.published_at,
    modified_at: toIsoDate(meta.get(...MODIFIED)),
    author: article.author,
    site_name: meta.get("og:site_name", "application-name") ?? article.publisher,
    // Meta tags give the image as written, possibly relative.
    image: urls.resolve(article.image ?? undefined),
    canonical: meta.canonical,
    favicon: urls.resolve(first(page.index, 'link[rel~="icon" i]')?.attribs.href) ?? null,
    type: meta.get("og:type")?.toLowerCase() ?? null,
    keywords: keywords(meta.get("keywords", "news_keywords")),
  };
}

function pageLanguage(page: Page): string | null {
  const stated = page.meta.lang ?? page.meta.get("content-language", "language", "dc.language", "og:locale") ?? null;
  const language = cleanText(stated?.split(",")[0])?.replaceAll("_", "-").toLowerCase();
  return language && /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/.test(language) ? language : null;
}

/** A keywords tag's comma-separated list, each keyword once, at most 50. */
function keywords(value: string | null): string[] {
  if (!value) return [];
  const list = value
    .split(/[,;]/)
    .map((keyword) => cleanText(keyword))
    .filter((keyword): keyword is string => Boolean(keyword));
  return [...new Set(list)].slice(0, 50);
}
