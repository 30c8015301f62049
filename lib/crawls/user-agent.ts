import { site } from "@/lib/config/site";
import { USER_AGENT } from "@/lib/infra/outbound/safe-fetch";

/**
 * The name robots.txt groups address us by (RFC 9309 section 2.2.1: "User-agent: ScrapeDeck"), matched
 * case-insensitively. The fetcher's own User-Agent is a desktop Chrome string with no product token of ours,
 * so the crawl names itself here rather than honouring groups written for Chrome or Mozilla.
 */
export const ROBOTS_PRODUCT_TOKEN = site.name;

/**
 * What a crawl sends: the browser string (sites serve it their normal page) plus our token, so that a site
 * owner who sees the crawl in their logs knows which robots.txt group to write.
 */
export const CRAWLER_USER_AGENT = `${USER_AGENT} (compatible; ${ROBOTS_PRODUCT_TOKEN}/1.0)`;
