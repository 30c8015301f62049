import { dateInUrl, findByline, findPublished } from "../extract/bylines";
import { toIsoDate } from "../extract/dates";
import { find, findDate, heading, image, primaryLink, textOf } from "../extract/html";
import { mainText } from "../extract/main-content";
import type { Page } from "../extract/page";
import { plainText } from "../extract/text";
import { hasType, isThing, link, raw, type Thing, text, texts, values, valueText } from "../extract/things";
import { pageHeading, stripSiteName, visibleHeadline } from "../extract/titles";
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
      title: stripSiteName(
        [text(thing, "headline"), text(thing, "name"), text(thing, "alternativeHeadline")].find(
          (title) => title && !/^https?:\/\//i.test(title),
        ) ?? null,
        page,
      ),
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
      title: stripSiteName(meta.get("og:title", "twitter:title"), page),
      // article:author is often a profile URL rather than a name.
      author: authors.find((author) => !/^https?:\/\//i.test(author)) ?? null,
      published_at: toIsoDate(meta.get(...PUBLISHED_META)),
      publisher: meta.get("og:site_name", "application-name", "publisher"),
    };
  },

  shown(scope, page) {
    const article = find(page, null, "article")[0] ?? scope;
    const structured = page.things.map((thing) => text(thing, "headline")).find(Boolean) ?? null;
    const { meta } = page;
    return {
      title: visibleHeadline(page, article, [structured, meta.get("og:title"), meta.get("twitter:title"), meta.title]),
      author: organizationOnly(page) ? findByline(page) : null,
      body: fullerBody(page),
    };
  },

  fromHtml(scope, page, { detail }) {
    if (!detail) {
      return {
        title: heading(page, scope),
        description: textOf(page, find(page, scope, "p")[0]),
        author: findByline(page, [scope]),
        published_at: toIsoDate(findDate(page, scope)),
        image: image(page, scope),
        url: primaryLink(page, scope),
      };
    }
    const article = find(page, null, "article")[0] ?? scope;
    return {
      // Only an <h1>: on an article page an h2–h4 is a section or a sidebar heading, and the document
      // title (the runner's last resort) is closer to the headline.
      title: pageHeading(page, article) ?? (article !== scope ? pageHeading(page, scope) : null),
      author: findByline(page),
      published_at:
        toIsoDate(findDate(page, article)) ??
        findPublished(page) ??
        dateInUrl(page.meta.canonical ?? page.meta.get("og:url") ?? page.url),
      image: image(page, article),
      body: mainText(page),
    };
  },

  isCard: (card, page) => find(page, card, "h2 a[href], h3 a[href], h4 a[href], a[href] h2, a[href] h3").length > 0,
};

/**
 * The authors structured data names when they are only the publisher or an organization ("ABC News"):
 * a visible byline naming people is the better answer then.
 */
function organizationOnly(page: Page): boolean {
  const authors = page.things.flatMap((thing) => values(thing, "author", "creator"));
  if (authors.length === 0) return false;
  const publishers = new Set(
    [page.meta.get("og:site_name"), ...page.things.map((thing) => text(thing, "publisher"))]
      .filter((name): name is string => Boolean(name))
      .map((name) => name.toLowerCase()),
  );
  return authors.every((author) =>
    isThing(author)
      ? hasType(author, ORGANIZATIONS) || publishers.has(valueText(author)?.toLowerCase() ?? "")
      : publishers.has(author.toLowerCase()),
  );
}

const ORGANIZATIONS = new Set(["Organization", "NewsMediaOrganization", "Corporation", "OnlineBusiness"]);

/** How much longer the page's own text must be for structured data's articleBody to count as a teaser. */
const TRUNCATED_BODY = 1.5;

/**
 * The page's main text when structured data's articleBody is only its beginning (many sites put a
 * teaser there); null when structured data has no body or a full one.
 */
function fullerBody(page: Page): string | null {
  const bodies = page.things.map((thing) => ({ thing, body: raw(thing, "articleBody") }));
  const structured = bodies.find(({ thing, body }) => body && hasType(thing, ARTICLES))?.body;
  const html = mainText(page);
  if (structured) return html && html.length > structured.length * TRUNCATED_BODY ? html : null;
  // An articleBody on another entity (a WebPage) is used when the page's own text is clearly shorter.
  const other = bodies.map(({ body }) => body).find((body): body is string => Boolean(body));
  return other && (!html || other.length > html.length * TRUNCATED_BODY) ? plainText(other) : null;
}

const ARTICLES = new Set(ARTICLE_TYPES);
