// npm run scrape -- <scraper-slug> <url or local .html file> [--reviews] [--base=<page url>]
// Runs one catalogue scraper's extractor on a page and prints the items as JSON. A URL goes through the
// same SSRF-safe fetcher as the API; a local file is decoded like a fetched page (BOM, <meta> charset),
// its links resolved against --base (the address it was saved from) or the file itself.
import "./load-env";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { CATALOGUE } from "@/lib/catalogue/seed-data";
import { httpStatusOf } from "@/lib/http/errors";
import { ScrapeError } from "@/lib/infra/errors";
import { decodeHtml } from "@/lib/infra/outbound/charset";
import { extractFromHtml, scrapePage } from "@/lib/scrapers/engine";

const args = process.argv.slice(2);
const includeReviews = args.includes("--reviews");
const base = args.find((arg) => arg.startsWith("--base="))?.slice("--base=".length);
const [slug, target] = args.filter((arg) => !arg.startsWith("--"));
const entry = CATALOGUE.find((scraper) => scraper.slug === slug);

if (!entry || !target) {
  console.error("Usage: npm run scrape -- <scraper-slug> <url or local html file> [--reviews] [--base=<page url>]");
  console.error(`Scrapers: ${CATALOGUE.map((scraper) => scraper.slug).join(", ")}`);
  process.exit(2);
}

try {
  const items = existsSync(target)
    ? extractFromHtml(entry.kind, decodeHtml(readFileSync(target)).text, base ?? pathToFileURL(path.resolve(target)).href, {
        includeReviews,
      })
    : await scrapePage(entry.kind, target, { includeReviews });
  console.log(JSON.stringify(items, null, 2));
  process.exit(0);
} catch (error) {
  if (!(error instanceof ScrapeError)) throw error;
  console.error(`${httpStatusOf(error)} ${error.code}: ${error.message}`);
  process.exit(1);
}
