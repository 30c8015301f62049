import {
  authorName,
  bylineScopes,
  dateInUrl,
  datelineAfterHeadline,
  findByline,
  findPublished,
  joinNames,
  labelledAuthor,
  labelledPublished,
  profileLinkAfterHeadline,
  updatedAfterHeadline,
} from "@/lib/scrapers/extract/bylines";
import { toIsoDate } from "@/lib/scrapers/extract/dates";
import { find, findDate, heading, image, primaryLink, textOf } from "@/lib/scrapers/extract/html";
import { mainText } from "@/lib/scrapers/extract/main-content";
import type { Page } from "@/lib/scrapers/extract/page";
import { plainText } from "@/lib/scrapers/extract/text";
import { hasType, isThing, link, raw, type Thing, text, texts, values, valueText } from "@/lib/scrapers/extract/things";
import { pageHeading, postHeading, siteNames, squash, stripSiteName, visibleHeadline } from "@/lib/scrapers/extract/titles";
import { emptyBaseItem, type NewsArticleItem } from "@/lib/scrapers/types";
import { metaBasics } from "./common";
import { type KindExtractor, SOURCES } from "./extractor";

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
  keyFields: ["author", "published_at", "body", "publisher"],
  ogTypes: /^(?:og:)?(?:article|news|newsarticle|blogposting)$/i,

  empty: () => ({
    ...emptyBaseItem(),
    author: null,
    published_at: null,
    publisher: null,
    image: null,
    body: null,
  }),

  fromThing(thing: Thing, page) {
    const authors = authorNames(thing);
    return {
      title: stripSiteName(
        [text(thing, "headline"), text(thing, "name"), text(thing, "alternativeHeadline")].find(
          (title) => title && !/^https?:\/\//i.test(title),
        ) ?? null,
        page,
      ),
      description: plainText(raw(thing, "description", "abstract")),
      author: joinNames(authors),
      published_at: toIsoDate(raw(thing, "datePublished", "dateCreated", "uploadDate")),
      publisher: text(thing, "publisher", "sourceOrganization"),
      image: link(thing, page.url, "image", "thumbnailUrl"),
      body: plainText(raw(thing, "articleBody", "text")),
      url: link(thing, page.url, "url", "mainEntityOfPage"),
    };
  },

  fromMeta(page) {
    const { meta } = page;
    return {
      ...metaBasics(page),
      // DC.Title: documents (standards drafts, reports) whose <title> leads with a document number.
      title: stripSiteName(meta.get("og:title", "twitter:title", "dc.title", "dcterms.title"), page),
      author: joinNames(metaAuthors(page)) ?? pageEntityAuthor(page),
      published_at: toIsoDate(meta.get(...PUBLISHED_META)) ?? pageEntityPublished(page),
      publisher: meta.get("og:site_name", "application-name", "publisher"),
    };
  },

  shown(_scope, page) {
    const { meta } = page;
    const structured = page.things.map((thing) => text(thing, "headline")).find(Boolean) ?? null;
    return {
      title:
        visibleHeadline(page, bylineScopes(page), [structured, meta.get("og:title"), meta.get("twitter:title"), meta.title])
          ?.text ?? postHeading(page, true),
      author: authorsNeedByline(page) ? findByline(page) : null,
      published_at: restampedPublished(page),
      body: fullerBody(page),
    };
  },

  fromHtml(scope, page, { detail }) {
    if (!detail) {
      return {
        title: heading(page, scope),
        description: textOf(find(page, scope, "p")[0]),
        author: findByline(page, [scope]),
        published_at: toIsoDate(findDate(page, scope)),
        image: image(page, scope),
        url: primaryLink(page, scope),
      };
    }
    const article = find(page, null, "article")[0] ?? scope;
    const marked = toIsoDate(findDate(page, article));
    const author = findByline(page) ?? profileLinkAfterHeadline(page) ?? labelledAuthor(page);
    return {
      // Only an <h1>: on an article page an h2–h4 is a section or a sidebar heading, and the document
      // title (the runner's last resort) is closer to the headline.
      title: pageHeading(page, article) ?? (article !== scope ? pageHeading(page, scope) : null) ?? postHeading(page),
      author: author ?? twitterCreator(page),
      published_at:
        marked ??
        findPublished(page) ??
        labelledPublished(page) ??
        datelineAfterHeadline(page) ??
        dateInUrl(page.meta.canonical ?? page.meta.get("og:url") ?? page.url) ??
        updatedAfterHeadline(page),
      image: image(page, article),
      body: mainText(page),
      // A <time datetime> or a date-marked element is markup; the rest are dates read from written text
      // (a dateline, a "Published" row, the address's /2016/12/12/). twitter:creator is a meta tag.
      [SOURCES]: { ...(marked ? {} : { published_at: "text" }), ...(author ? {} : { author: "opengraph" }) },
    };
  },

  isCard: (card, page) => find(page, card, "h2 a[href], h3 a[href], h4 a[href], a[href] h2, a[href] h3").length > 0,
};

/**
 * The authors structured data names, every name an author entity gives: a microdata Person with
 * several itemprop="name" (one per co-author) names them all, not only the first.
 */
function authorNames(thing: Thing): string[] {
  const names = values(thing, "author", "creator").flatMap((value) => {
    if (!isThing(value)) return [valueText(value)];
    const own = texts(value, "name");
    return own.length > 0 ? own : [valueText(value)];
  });
  // A profile address (a microdata author that is a link) names no one.
  return [...new Set(names.filter((name): name is string => Boolean(name) && !/^https?:\/\//i.test(name ?? "")))];
}

/**
 * Structured data that describes the page without an Article in it: the WebPage itself, or the video,
 * review or episode the page is about. Its datePublished is the page's when no Article gives one.
 */
const PAGE_ENTITY_TYPES = new Set([
  "WebPage",
  "ItemPage",
  "AboutPage",
  "CreativeWork",
  "VideoObject",
  "Review",
  "PodcastEpisode",
  "Recipe",
]);

function pageEntityPublished(page: Page): string | null {
  for (const thing of page.things) {
    if (!hasType(thing, PAGE_ENTITY_TYPES)) continue;
    const date = toIsoDate(raw(thing, "datePublished", "uploadDate", "dateCreated"));
    if (date) return date;
  }
  return null;
}

const MODIFIED_META = ["article:modified_time", "og:updated_time", "datemodified"];

/**
 * The meta tags' publication date when structured data's datePublished is only the last update: some
 * sites restamp datePublished on every edit, so it equals the modified time the page states, while
 * article:published_time keeps the earlier first publication. Null when they do not disagree so.
 */
function restampedPublished(page: Page): string | null {
  const stated = toIsoDate(page.meta.get(...PUBLISHED_META));
  const structured = page.things
    .filter((thing) => hasType(thing, ARTICLES))
    .map((thing) => toIsoDate(raw(thing, "datePublished")))
    .find(Boolean);
  if (!stated || !structured || !(Date.parse(stated) < Date.parse(structured))) return null;
  const modified = new Set(
    [...MODIFIED_META.map((name) => page.meta.get(name)), ...page.things.map((thing) => raw(thing, "dateModified"))].map(
      (value) => toIsoDate(value),
    ),
  );
  return modified.has(structured) ? stated : null;
}

/** The author of the video, review or episode the page is about, when no Article names one. */
function pageEntityAuthor(page: Page): string | null {
  for (const thing of page.things) {
    if (!hasType(thing, PAGE_ENTITY_TYPES)) continue;
    const authors = texts(thing, "author", "creator").filter((name) => !/^https?:\/\//i.test(name));
    if (authors.length > 0) return joinNames(authors);
  }
  return null;
}

/**
 * The account twitter:creator names, without its "@": the last resort when neither structured data,
 * meta tags nor a byline name the author. It is the page's own statement of who made it, even when
 * that is the site's account.
 */
function twitterCreator(page: Page): string | null {
  const handle = page.meta.get("twitter:creator")?.trim().replace(/^@/, "");
  return handle && /^[\p{L}\p{N}_.-]{2,}$/u.test(handle) ? handle : null;
}

/**
 * Whether the authors the page's metadata names are no persons' names: only the publisher or an
 * organization ("ABC News", "Example Media Inc."), or account handles ("CC7567", "@jdoe"). A visible
 * byline naming people is the better answer then. Structured data's authors are judged when it has any,
 * else the meta tags'.
 */
function authorsNeedByline(page: Page): boolean {
  const structured = page.things.flatMap((thing) => values(thing, "author", "creator"));
  const publishers = new Set(
    [page.meta.get("og:site_name"), ...page.things.map((thing) => text(thing, "publisher"))]
      .filter((name): name is string => Boolean(name))
      .map((name) => name.toLowerCase()),
  );
  const notPerson = (name: string | null) => !name || publishers.has(name.toLowerCase()) || isOrganization(name, page);
  if (structured.length > 0) {
    return structured.every((author) =>
      isThing(author)
        ? !hasType(author, PERSONS) && (hasType(author, ORGANIZATIONS) || notPerson(valueText(author)))
        : notPerson(author),
    );
  }
  const stated = metaAuthors(page);
  return stated.length > 0 && stated.every(notPerson);
}

/**
 * A name that is the site's (its name or part of its host: "ASCII" on weekly.ascii.example), a company
 * or an account handle. A longer name that holds the site's name is a person's (a blog named after its
 * writer: "Jane Doe (jdoe)" on "Jane Doe").
 */
function isOrganization(name: string, page: Page): boolean {
  if (ORGANIZATION_NAME.test(name) || HANDLE.test(name)) return true;
  const squashed = squash(name);
  return siteNames(page).some((site) => site === squashed || (squashed.length >= 4 && site.includes(squashed)));
}

/** Company forms that end an organization's name. */
const ORGANIZATION_NAME =
  /\b(?:inc|ltd|llc|llp|plc|gmbh|ag|s\.?a|s\.?l|b\.?v|co|corp|corporation|company|limited|group|media|news|press)\.?$|株式会社|有限会社|編集部/i;
/**
 * A user name rather than a name: one word with digits or underscores, a login run together in lower
 * case ("janedoe": names are capitalised, a slug is not), or an @handle.
 */
const HANDLE = /^@\S+$|^(?=\S*[\d_])[\p{L}\d_.-]+$|^[a-z][a-z.-]{5,}$/u;
const PERSONS = new Set(["Person"]);

const AUTHOR_META = ["article:author", "author", "parsely-author", "sailthru.author", "byline", "dc.creator", "dcterms.creator"];

/**
 * Author names in meta tags: every person the first tag naming people gives (a page lists co-authors as
 * repeated tags), else the organizations named. article:author is often a profile URL rather than a name.
 */
function metaAuthors(page: Page): string[] {
  let organizations: string[] = [];
  for (const name of AUTHOR_META) {
    // As bylines are written: "Jane Doe | jdoe@example.com", "By Jane Doe" give the name alone.
    const names = page.meta
      .all(name)
      .filter((author) => !/^https?:\/\//i.test(author))
      .map((author) => authorName(author) ?? author);
    // "Example Media Inc." beside "Jane Doe": the company is the publisher, the person the author.
    const people = names.filter((author) => !isOrganization(author, page));
    if (people.length > 0) return [...new Set(people)];
    if (organizations.length === 0) organizations = names;
  }
  return organizations;
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
