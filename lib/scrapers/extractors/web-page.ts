import { type WebPageItem, webPageItem } from "@/lib/scrapers/content/web-page";
import type { PageExtractor } from "./extractor";

/**
 * The Web Page scraper: one item per page, its main content as Markdown and text, its links and what it says about
 * itself (lib/scrapers/content). The run's only_main_content, include_tags and exclude_tags choose the content.
 */
export const webPageExtractor: PageExtractor<WebPageItem> = {
  extract(page, { fetched, content }) {
    const url = fetched?.url ?? page.url;
    return [webPageItem(page, { url, finalUrl: page.url, statusCode: fetched?.statusCode ?? 200 }, content)];
  },
};
