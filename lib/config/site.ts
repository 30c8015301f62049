// Site-wide constants: names, URLs and navigation, read by the frame, metadata and docs.
export const site = {
  name: "ScrapeDeck",
  tagline: "Ready-made web scrapers behind one API",
  description:
    "Pre-built scrapers for products, social profiles, real-estate listings, jobs, news, restaurants and any page as Markdown. Call them with an API key and get structured JSON back.",
  supportEmail: "support@scrapedeck.dev",
  salesEmail: "sales@scrapedeck.dev",
  apiKeyPrefix: "sdeck_",
} as const;

/** Placeholders shown while a list of scrapers loads, home page and dashboard (docs/product.md#constants). */
export const SCRAPER_SKELETON_COUNT = 6;

/**
 * The fixed sample cards shown when the scraper list is empty or fails: the spec's six, the first six catalogue
 * entries (docs/product.md#home); later additions to the catalogue (Web Page) are not samples.
 */
export const SAMPLE_SCRAPER_COUNT = 6;

export interface NavLink {
  href: string;
  label: string;
}

/** Header links (docs/product.md#shared-frame), in order. */
export const mainNav: readonly NavLink[] = [
  { href: "/", label: "Home" },
  { href: "/about", label: "About" },
  { href: "/api-docs", label: "API Docs" },
  { href: "/dashboard", label: "Dashboard" },
  { href: "/contact", label: "Contact" },
];

export const legalLinks: readonly NavLink[] = [
  { href: "/privacy-policy", label: "Privacy Policy" },
  { href: "/terms-of-service", label: "Terms of Service" },
  { href: "/cookie-policy", label: "Cookie Policy" },
];
