import type { Element } from "domhandler";
import { contains, first } from "../extract/dom";
import { mainContent, skippedInBody } from "../extract/main-content";
import type { Page } from "../extract/page";
import { cleanText, textContent } from "../extract/text";
import { hasType } from "../extract/things";
import { type CompiledContentOptions, matchesAny } from "./options";

/**
 * The part of a page the content formats render: its root elements in document order and what is left out
 * below them (`drops` is asked about every element under a root, never about a root itself).
 */
export interface KeptContent {
  roots: Element[];
  drops: (element: Element) => boolean;
  /**
   * How the roots were chosen: the article or product body main-content detection found, the page's content
   * without its furniture, the whole page, or the elements include_tags names.
   */
  source: "main_content" | "page_content" | "whole_page" | "include_tags";
}

/** Elements that never show text a reader reads as content: code, styles, embeds, controls, vector art. */
const NOISE_TAGS = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "head",
  "title",
  "meta",
  "link",
  "base",
  "svg",
  "math",
  "canvas",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "audio",
  "video",
  "map",
  "input",
  "select",
  "option",
  "datalist",
  "textarea",
  "button",
  "dialog",
]);

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;
/** Line-number gutters of highlighted code blocks: numbers beside the code, not part of it. */
const GUTTER = /(?:^|\s)(?:line-?numbers?(?:-rows)?|linenos?|gutter|hljs-ln-numbers)(?:\s|$)/i;

/** What every format leaves out, whatever else is kept: noise elements, hidden ones, code line numbers. */
export function isNoise(element: Element): boolean {
  if (NOISE_TAGS.has(element.name)) return true;
  const { attribs } = element;
  if (attribs.hidden !== undefined || attribs["aria-hidden"] === "true") return true;
  if (attribs.style && HIDDEN_STYLE.test(attribs.style)) return true;
  return attribs.class !== undefined && GUTTER.test(attribs.class);
}

/** The body's text drops figures, but its Markdown shows their images (captions stay out, as in the text). */
const MEDIA = new Set(["figure", "picture", "img"]);

/**
 * What the main content leaves out below its roots: what the body's text leaves out (bylines, captions, share bars,
 * pop-ups: skippedInBody) except images, and except a paywall block that holds the article's own paragraphs (the
 * rest of an article the page served whole, where a paywall's prompt holds a few short lines and links).
 */
function outsideMainContent(element: Element): boolean {
  if (!skippedInBody(element) || MEDIA.has(element.name)) return false;
  return !(PAYWALL.test(names(element)) && holdsProse(element));
}

const PAYWALL = /paywall/i;
/** Paragraphs of at least this many characters are prose; a prompt's lines are shorter. */
const PROSE_PARAGRAPH = 80;

function holdsProse(element: Element): boolean {
  let paragraphs = 0;
  for (const child of element.children) {
    if (child.type === "tag" && child.name === "p" && (cleanText(textContent(child))?.length ?? 0) >= PROSE_PARAGRAPH)
      paragraphs++;
    if (paragraphs >= 2) return true;
  }
  return false;
}

/** Links that only share the page (messengers, social networks' share dialogs): a share bar's, never content. */
const SHARE_LINK =
  /^(?:whatsapp|tg|viber|fb-messenger|sms):|\/\/(?:[^/]+\.)?(?:facebook\.com\/shar|twitter\.com\/(?:intent|share)|x\.com\/intent|linkedin\.com\/(?:share|cws\/share)|pinterest\.[a-z.]+\/pin\/create|reddit\.com\/submit|t\.me\/share|wa\.me\/\?|api\.whatsapp\.com\/send|plus\.google\.com\/share|vk\.com\/share|getpocket\.com\/(?:save|edit)|tumblr\.com\/(?:share|widgets\/share))/i;

function isShareLink(element: Element): boolean {
  return element.name === "a" && element.attribs.href !== undefined && SHARE_LINK.test(element.attribs.href.trim());
}

/** Page furniture: navigation, mastheads, footers, sidebars, search. */
const FURNITURE_TAGS = new Set(["nav", "aside", "footer"]);
const FURNITURE_ROLES = new Set(["navigation", "banner", "contentinfo", "complementary", "search", "dialog", "alertdialog"]);
/** Class and id names of blocks that are never the content: consent banners, share bars, related stories, ads. */
const BOILERPLATE =
  /cookie|consent|gdpr|share|sharing|social|related|recommend|newsletter|subscribe|signup|popup|modal|advert|sponsor|(?:^|[-_ ])ads?(?:$|[-_ ])|breadcrumb|comment|disqus|outbrain|taboola|skip-?link/i;
/** Names of blocks around the content (menus, sidebars, mastheads), unless they also say "content". */
const AROUND = /banner|menu|navbar|sidebar|masthead|header|footer|promo|pagination|overlay/i;
/** A wrapper named "content-sidebar-wrap" holds the page, not a sidebar. */
const CONTENTISH = /article|body|content|main/i;

function names(element: Element): string {
  const { class: className, id } = element.attribs;
  return className === undefined && id === undefined ? "" : `${className ?? ""} ${id ?? ""}`;
}

/** Page furniture by its tag or role: navigation, mastheads, footers, sidebars, search, dialogs. */
function isFurniture(element: Element): boolean {
  if (FURNITURE_TAGS.has(element.name)) return true;
  // A page's <header> is its masthead; an article's holds its headline.
  if (element.name === "header" && !insideArticle(element)) return true;
  const { role } = element.attribs;
  return role !== undefined && FURNITURE_ROLES.has(role);
}

/** Boilerplate by its class and id names. */
function isNamedBoilerplate(element: Element): boolean {
  const named = names(element);
  return named !== "" && (BOILERPLATE.test(named) || (AROUND.test(named) && !CONTENTISH.test(named)));
}

function insideArticle(element: Element): boolean {
  for (let node = element.parent as Element | null; node && node.type === "tag"; node = node.parent as Element | null) {
    if (node.name === "article" || node.name === "main") return true;
  }
  return false;
}

/**
 * Main content shorter than this is a teaser, a dateline or a review prompt that outscored a body the page does not
 * have in its HTML (rendered by a script) or does not lay out as paragraphs: the page's content is the better answer.
 */
const MIN_MAIN_TEXT = 200;

const PRODUCT_TYPES = new Set(["Product", "ProductGroup", "IndividualProduct", "ProductModel", "Vehicle", "Car"]);

/**
 * A product page's body is its title, price, gallery, description and specifications, around the description that
 * paragraph scoring would keep alone: such a page keeps its content without the furniture instead.
 */
function isProductPage(page: Page): boolean {
  const type = page.meta.get("og:type")?.toLowerCase();
  if (type === "product" || type === "og:product" || type === "product.item") return true;
  return page.things.some((thing) => hasType(thing, PRODUCT_TYPES));
}

/**
 * What the formats render. include_tags, when given, chooses the roots (every topmost element matching one of
 * them, anywhere in the page); else `onlyMainContent` keeps the article body main-content detection finds
 * (lib/scrapers/extract/main-content.ts) or, on a product page or when that finds no body, the page's content
 * (<main>, else <body>) without its furniture, and the whole page when neither holds any text; without
 * `onlyMainContent`, the whole page. exclude_tags and the noise rules apply below every root.
 */
export function keptContent(page: Page, options: CompiledContentOptions): KeptContent {
  const { exclude } = options;
  const excluded = exclude ? (element: Element) => matchesAny(exclude, element) : () => false;
  const cleaned = (element: Element) => isNoise(element) || excluded(element);
  if (options.include) {
    return { roots: topmostMatches(page, options.include), drops: cleaned, source: "include_tags" };
  }
  const body = first(page.index, "body") ?? page.document.children.find((node): node is Element => node.type === "tag");
  const whole: KeptContent = { roots: body ? [body] : [], drops: cleaned, source: "whole_page" };
  if (!options.onlyMainContent) return whole;
  const main = isProductPage(page) ? null : mainContent(page);
  const candidates: KeptContent[] = [];
  if (main && main.text.length >= MIN_MAIN_TEXT) {
    candidates.push({
      roots: main.roots,
      drops: (element) => cleaned(element) || isShareLink(element) || outsideMainContent(element),
      source: "main_content",
    });
  }
  // Whatever its names say, a block holding the page's headline holds its content.
  const headline = first(page.index, "h1");
  const holdsHeadline = (element: Element) => headline !== undefined && contains(page.index, element, headline);
  candidates.push({
    roots: [page.content],
    drops: (element) =>
      cleaned(element) ||
      isShareLink(element) ||
      isFurniture(element) ||
      (isNamedBoilerplate(element) && !holdsHeadline(element)),
    source: "page_content",
  });
  candidates.push(whole);
  return candidates.find((candidate) => hasText(candidate)) ?? whole;
}

/**
 * Elements matching a selector, without those inside another match (their text is already in it) and without noise
 * (include_tags: ["script"] gives nothing, as the cleaned page has no scripts).
 */
function topmostMatches(page: Page, selectors: CompiledContentOptions["include"] & object): Element[] {
  const { elements, end } = page.index;
  const found: Element[] = [];
  let insideUntil = -1;
  for (let i = 0; i < elements.length; i++) {
    if (i < insideUntil) continue;
    const element = elements[i] as Element;
    if (matchesAny(selectors, element) && !isNoise(element)) {
      found.push(element);
      insideUntil = end[i] ?? i + 1;
    }
  }
  return found;
}

/** Whether any text a reader sees lies under the roots once dropped elements are left out. */
function hasText(content: KeptContent): boolean {
  const stack: Element[] = [...content.roots].reverse();
  while (stack.length > 0) {
    const element = stack.pop() as Element;
    for (const child of element.children) {
      if (child.type === "text") {
        if (/[^\s\u00a0]/.test(child.data)) return true;
      } else if (child.type === "tag" && !content.drops(child)) {
        stack.push(child);
      }
    }
  }
  return false;
}
