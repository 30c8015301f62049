import type { Page } from "../extract/page";
import { renderCleanHtml } from "./html";
import { type PageLink, pageLinks } from "./links";
import { type PageMetadata, pageMetadata } from "./metadata";
import { type ContentFormat, type ContentOptions, compileContentOptions } from "./options";
import { renderMarkdown, renderText } from "./render";
import { keptContent } from "./select";
import { UrlResolver } from "./urls";

/** The formats asked for, each present only when asked. */
export interface ContentFormats {
  markdown?: string;
  text?: string;
  /** The kept content as cleaned HTML. */
  html?: string;
  /** The page as it was fetched (decoded to text). */
  raw_html?: string;
  links?: PageLink[];
  metadata?: PageMetadata;
}

export interface FormatsInput {
  /** The page parsed once (lib/scrapers/extract/page.ts: parsePage(html, finalUrl)). */
  page: Page;
  /** The page's HTML as fetched and decoded: raw_html. */
  html: string;
  formats: readonly ContentFormat[];
  options?: ContentOptions;
}

/**
 * The formats asked for, from the page the extraction thread already parsed. Markdown, text and HTML render the
 * same kept content (./select.ts: the main content by default); links and metadata read the whole page. Throws
 * validation_error for unusable selectors, too_large for a format past MAX_FORMAT_CHARS; nothing else.
 */
export function computeFormats({ page, html, formats, options }: FormatsInput): ContentFormats {
  const asked = new Set(formats);
  const result: ContentFormats = {};
  if (asked.size === 0) return result;
  const urls = new UrlResolver(page.url);
  if (asked.has("markdown") || asked.has("text") || asked.has("html")) {
    const content = keptContent(page, compileContentOptions(options));
    if (asked.has("markdown")) result.markdown = renderMarkdown(content, urls);
    if (asked.has("text")) result.text = renderText(content, urls);
    if (asked.has("html")) result.html = renderCleanHtml(content, urls);
  }
  if (asked.has("raw_html")) result.raw_html = html;
  if (asked.has("links")) result.links = pageLinks(page, urls);
  if (asked.has("metadata")) result.metadata = pageMetadata(page, urls);
  return result;
}
