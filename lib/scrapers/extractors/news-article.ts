import type { Element } from "domhandler";
import { toIsoDate } from "../extract/dates";
import { find, findDate, heading, image, primaryLink, textOf } from "../extract/html";
import { mainText } from "../extract/main-content";
import type { Page } from "../extract/page";
import { cleanText, plainText } from "../extract/text";
import { link, raw, type Thing, text, texts } from "../extract/things";
import { emptyBaseItem, type NewsArticleItem } from "../types";
import { metaBasics } from "./common";
import type { KindExtractor } from "./extractor";

const ARTICLE_TYPES = [
  "NewsArticle",
  "Article",
  "BlogPosting",
  "ReportageNews",
  "AnalysisNewsArticle",
  "OpinionNewsArticle",
  "BackgroundNewsArticle",
  "ReviewNewsArticle",
  "SatiricalArticle",
  "TechArticle",
  "ScholarlyArticle",
  "LiveBlogPosting",
  "Report",
  "SocialMediaPosting",
];

const PUBLISHED_META = [
  "article:published_time",
  "og:article:published_time",
  "og:published_time",
  "datepublished",
  "pubdate",
  "publishdate",
  "publish-date",
  "parsely-pub-date",
  "sailthru.date",
  "dc.date.issued",
  "dc.date",
  "date",
];

export const newsArticleExtractor: KindExtractor<NewsArticleItem> = {
  types: [ARTICLE_TYPES],

  empty: () => ({
    ...emptyBaseItem(),
    author: null,
    published_at: null,
    publisher: null,
    image: null,
    body: null,
  }),

  fromThing(thing: Thing, page) {
    const authors = texts(thing, "author", "creator");
    return {
      title: text(thing, "headline", "name", "alternativeHeadline"),
      description: plainText(raw(thing, "description", "abstract")),
      author: authors.length > 0 ? authors.join(", ") : null,
      published_at: toIsoDate(raw(thing, "datePublished", "dateCreated", "uploadDate")),
      publisher: text(thing, "publisher", "sourceOrganization"),
      image: link(thing, page.url, "image", "thumbnailUrl"),
      body: plainText(raw(thing, "articleBody", "text")),
      url: link(thing, page.url, "url", "mainEntityOfPage"),
    };
  },

  fromMeta(page) {
    const { meta } = page;
    const authors = [
      ...meta.all("article:author"),
      ...meta.all("author"),
      ...meta.all("parsely-author"),
      ...meta.all("sailthru.author"),
    ];
    return {
      ...metaBasics(page),
      // article:author is often a profile URL rather than a name.
      author: authors.find((author) => !/^https?:\/\//i.test(author)) ?? null,
      published_at: toIsoDate(meta.get(...PUBLISHED_META)),
      publisher: meta.get("og:site_name", "application-name", "publisher"),
    };
  },

  fromHtml(scope, page, { detail }) {
    if (!detail) {
      return {
        title: heading(page, scope),
        description: textOf(page, find(page, scope, "p")[0]),
        author: byline(page, scope),
        published_at: toIsoDate(findDate(page, scope)),
        image: image(page, scope),
        url: primaryLink(page, scope),
      };
    }
    const article = find(page, null, "article")[0] ?? scope;
    return {
      title: heading(page, article),
      author: byline(page, article),
      published_at: toIsoDate(findDate(page, article) ?? findDate(page, scope, '[class*="date" i], [itemprop="datePublished"]')),
      image: image(page, article),
      body: mainText(page),
    };
  },

  isCard: (card, page) => find(page, card, "h2 a[href], h3 a[href], h4 a[href], a[href] h2, a[href] h3").length > 0,
};

function byline(page: Page, scope: Element): string | null {
  const element = find(
    page,
    scope,
    '[rel="author"], [itemprop="author"], [class*="byline" i] [class*="name" i], [class*="author-name" i], [class*="byline" i], [class*="author" i]',
  )[0];
  const name = cleanText(textOf(page, element)?.replace(/^(?:by|von|par|por)\s+/i, ""));
  return name && name.length <= 120 ? name : null;
}
