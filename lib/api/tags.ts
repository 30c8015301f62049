import { site } from "@/lib/config/site";

/** The reference's groups, in the order /api-docs shows its tabs; `service` is listed under Getting Started. */
export const TAGS = {
  scrapers: { name: "Scrapers", description: "Browse the catalogue, then run a scraper on a page with your API key." },
  authentication: {
    name: "Authentication",
    description:
      "Accounts and sessions. Login and register return a short-lived token: send it as Authorization: Bearer <token> to manage API keys and licenses from your own code.",
  },
  "api-keys": {
    name: "API Keys",
    description: `Keys start with ${site.apiKeyPrefix} and are shown in full only once, when created. Lists show a masked form.`,
  },
  search: {
    name: "Search",
    description: "Finds scrapers whose name, description or category contains the query, ignoring case.",
  },
  licenses: {
    name: "Licenses",
    description:
      "Issue license keys for your own content, attach the content's URLs, and let your customers' software verify a key with one public call.",
  },
  monitors: {
    name: "Monitors",
    description:
      "Watch pages over time: a scraper run on a schedule (cron with a time zone, or an interval), each check compared field by field with the last, and a webhook when something changed.",
  },
  crawls: {
    name: "Crawls",
    description:
      "Whole sites from one URL: a crawl runs a scraper on every page it finds (robots.txt honoured, one run per page against your quota); a map lists a site's URLs without scraping them.",
  },
  runs: { name: "Runs & Webhooks", description: "Your run history, each run's result while it is kept, and this month's usage." },
  service: { name: "Service", description: "The service itself: its health and this document." },
} as const;
export type Tag = keyof typeof TAGS;
