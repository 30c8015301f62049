// The catalogue scrapers (docs/product.md#home): the spec's six, then Web Page (issue 24). `npm run db:seed` upserts
// them by slug.
import type { PlanId } from "@/lib/config/plans";
import type { ScraperKind } from "@/lib/scrapers/kinds";
import type { Popularity } from "./popularity";

export interface CatalogueEntry {
  slug: string;
  name: string;
  description: string;
  category: string;
  kind: ScraperKind;
  popularity: Popularity;
  baseUsers: number;
  parameters: Record<string, string>;
  exampleUrl: string;
  requiredPlan: PlanId;
}

const URL_PARAMETER = "The address of the page to scrape (http or https).";
const REVIEWS_PARAMETER = "Optional boolean. true adds the page's reviews (author, rating, body, date) to each item.";

export const CATALOGUE: readonly CatalogueEntry[] = [
  {
    slug: "ecommerce-products",
    name: "E-commerce Product Scraper",
    description:
      "Extract product names, prices, currencies, availability, brands, SKUs, images and ratings from online shops — single product pages or whole category and search result pages.",
    category: "E-commerce",
    kind: "product",
    popularity: "Popular",
    baseUsers: 1250,
    parameters: { url: URL_PARAMETER, include_reviews: REVIEWS_PARAMETER },
    exampleUrl: "https://shop.example.com/products/wireless-headphones",
    requiredPlan: "free",
  },
  {
    slug: "social-media-profiles",
    name: "Social Media Profiles",
    description:
      "Collect public profile data — display name, handle, bio, follower, following and post counts, avatar — from social network profile pages.",
    category: "Social Media",
    kind: "social_profile",
    popularity: "Popular",
    baseUsers: 980,
    parameters: { url: URL_PARAMETER },
    exampleUrl: "https://social.example.com/@scrapedeck",
    requiredPlan: "free",
  },
  {
    slug: "real-estate-listings",
    name: "Real Estate Listings",
    description:
      "Turn property pages and search results into structured listings: price, address, bedrooms, bathrooms, floor size, property type and photos.",
    category: "Real Estate",
    kind: "real_estate",
    popularity: "New",
    baseUsers: 420,
    parameters: { url: URL_PARAMETER },
    exampleUrl: "https://homes.example.com/listings/123-maple-street",
    requiredPlan: "pro",
  },
  {
    slug: "job-listings",
    name: "Job Listings Scraper",
    description:
      "Gather job postings from career sites and job boards: title, company, location, employment type, salary range and posting dates.",
    category: "Jobs",
    kind: "job",
    popularity: "Popular",
    baseUsers: 760,
    parameters: { url: URL_PARAMETER },
    exampleUrl: "https://jobs.example.com/search?q=developer",
    requiredPlan: "free",
  },
  {
    slug: "news-articles",
    name: "News Article Extractor",
    description:
      "Extract the headline, author, publication date, publisher, lead image and clean main text of news articles and blog posts.",
    category: "News & Media",
    kind: "news_article",
    popularity: "New",
    baseUsers: 540,
    parameters: { url: URL_PARAMETER },
    exampleUrl: "https://news.example.com/2026/11/ai-regulation",
    requiredPlan: "free",
  },
  {
    slug: "restaurant-directory",
    name: "Restaurant Directory",
    description:
      "Scrape restaurant listings and detail pages: name, address, phone, cuisine, price range, opening hours, ratings and, on request, reviews.",
    category: "Food & Dining",
    kind: "restaurant",
    popularity: "New",
    baseUsers: 310,
    parameters: { url: URL_PARAMETER, include_reviews: REVIEWS_PARAMETER },
    exampleUrl: "https://eats.example.com/restaurants/luigis-trattoria",
    requiredPlan: "free",
  },
  {
    slug: "web-page",
    name: "Web Page",
    description:
      "Any page as clean Markdown and text: its main content without navigation, banners or footers, every link with its rel, and its title, description, language, author, date and lead image.",
    category: "General",
    kind: "web_page",
    popularity: "New",
    baseUsers: 0,
    parameters: {
      url: URL_PARAMETER,
      only_main_content:
        "Optional boolean, default true: the article or product body only; false keeps the whole page, still cleaned.",
      include_tags: "Optional list of CSS selectors: render only what they match.",
      exclude_tags: "Optional list of CSS selectors: leave out what they match.",
    },
    exampleUrl: "https://news.example.com/2026/11/ai-regulation",
    requiredPlan: "free",
  },
];
