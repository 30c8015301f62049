import type { ItemByKind, ScraperKind } from "@/lib/scrapers/types";
import type { KindExtractor } from "./extractor";
import { jobExtractor } from "./job";
import { newsArticleExtractor } from "./news-article";
import { productExtractor } from "./product";
import { realEstateExtractor } from "./real-estate";
import { restaurantExtractor } from "./restaurant";
import { socialProfileExtractor } from "./social-profile";

export const EXTRACTORS: { [K in ScraperKind]: KindExtractor<ItemByKind[K]> } = {
  product: productExtractor,
  social_profile: socialProfileExtractor,
  real_estate: realEstateExtractor,
  job: jobExtractor,
  news_article: newsArticleExtractor,
  restaurant: restaurantExtractor,
};
