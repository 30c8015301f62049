import type { ScraperKind } from "@/lib/scrapers/kinds";
import type { KindExtractor, PageExtractor } from "./extractor";
import { jobExtractor } from "./job";
import { newsArticleExtractor } from "./news-article";
import { productExtractor } from "./product";
import { realEstateExtractor } from "./real-estate";
import { restaurantExtractor } from "./restaurant";
import { socialProfileExtractor } from "./social-profile";
import { webPageExtractor } from "./web-page";

/** One extractor per kind of SCRAPER_ITEMS (lib/scrapers/item-schema.ts): a kind missing here fails the build. */
export const EXTRACTORS = {
  product: productExtractor,
  social_profile: socialProfileExtractor,
  real_estate: realEstateExtractor,
  job: jobExtractor,
  news_article: newsArticleExtractor,
  restaurant: restaurantExtractor,
  web_page: webPageExtractor,
  // biome-ignore lint/suspicious/noExplicitAny: each kind's extractor has its own item type; ItemByKind reads it.
} satisfies { [K in ScraperKind]: KindExtractor<any> | PageExtractor<unknown> };

type ItemOf<E> = E extends { empty(): infer T } ? T : E extends PageExtractor<infer T> ? T : never;

/** Each kind's item type, as its extractor gives it. */
export type ItemByKind = { [K in ScraperKind]: ItemOf<(typeof EXTRACTORS)[K]> };
export type ScrapedItem = ItemByKind[ScraperKind];
