import type { Page } from "../extract/page";
import { computeFormats } from "./formats";
import type { PageLink } from "./links";
import type { ContentOptions } from "./options";

/** The "Web Page" scraper's item: any page's main content and what it says about itself. */
export interface WebPageItem {
  /** The address the run asked for. */
  url: string;
  /** The address that answered, after redirects. */
  final_url: string;
  status_code: number;
  title: string | null;
  description: string | null;
  language: string | null;
  /** ISO 8601: a date (YYYY-MM-DD) or a UTC timestamp. */
  published_at: string | null;
  author: string | null;
  site_name: string | null;
  image: string | null;
  markdown: string;
  text: string;
  links: PageLink[];
  /**
   * Words of `text`: runs of letters and digits ("it's", "well-known" and "3.5" one each), each Chinese or Japanese
   * character one word (as word processors count them).
   */
  word_count: number;
}

/** What the caller knows of the fetch. */
export interface FetchedPageFacts {
  url: string;
  finalUrl: string;
  statusCode: number;
}

/** The Web Page item of a parsed page (parsed against its final URL). Throws what computeFormats throws. */
export function webPageItem(page: Page, fetched: FetchedPageFacts, options?: ContentOptions): WebPageItem {
  const {
    markdown = "",
    text = "",
    links = [],
    metadata,
  } = computeFormats({
    page,
    html: "",
    formats: ["markdown", "text", "links", "metadata"],
    options,
  });
  return {
    url: fetched.url,
    final_url: fetched.finalUrl,
    status_code: fetched.statusCode,
    title: metadata?.title ?? null,
    description: metadata?.description ?? null,
    language: metadata?.language ?? null,
    published_at: metadata?.published_at ?? null,
    author: metadata?.author ?? null,
    site_name: metadata?.site_name ?? null,
    image: metadata?.image ?? null,
    markdown,
    text,
    links,
    word_count: wordCount(text),
  };
}

/**
 * Scripts written without spaces between words: each character counts as a word, as word processors count Chinese
 * and Japanese (a dictionary segmenter would cost more than the whole page's extraction).
 */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}\p{M}]+(?:['’-][\p{L}\p{N}\p{M}]+|[.,]\p{N}+)*/gu;

export function wordCount(text: string): number {
  let count = 0;
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    // A run mixing scripts ("Tokyo東京") counts its unspaced characters one by one.
    if (word.length > 1 && UNSPACED.test(word)) count += countMixed(word);
    else count++;
  }
  return count;
}

function countMixed(word: string): number {
  let count = 0;
  let inRun = false;
  for (const char of word) {
    if (UNSPACED.test(char)) {
      count++;
      inRun = false;
    } else if (!inRun) {
      count++;
      inRun = true;
    }
  }
  return count;
}
