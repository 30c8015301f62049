// The crawlers bench:crawl compares, each run as its own process (so its peak RSS is its own) against the same
// fixture site, one after another, in the same run: the bare crawler, and ScrapeDeck's crawl in one process on
// SQLite and with 1, 2 and 4 worker processes on PostgreSQL + Redis. A contender is a script that reads a
// ContenderConfig from argv[2] and prints `RESULT {json}`.
import path from "node:path";

export interface ContenderConfig {
  /** Where the crawl starts: http://bench-site.test:<port>/ */
  startUrl: string;
  /** Host names the crawler must resolve to these addresses (the site's made-up hosts → 127.0.0.1). */
  hosts: Record<string, string>;
  /** Requests under way at once on the site's one host (ScrapeDeck's default per-host concurrency is 2). */
  concurrency: number;
  /** Contender-specific settings (e.g. worker processes). */
  extra?: Record<string, unknown>;
}

export interface ContenderResult {
  /** HTML pages fetched with a 200. */
  pages: number;
  /** Every request sent, robots.txt and sitemaps included. */
  requests: number;
  /** From the first request to the last answer. */
  seconds: number;
  /** The contender's processes' peak resident set size, in bytes. */
  maxRssBytes: number;
  /** The heap still in use in the contender's (web) process once the crawl is over, after a collection. */
  liveHeapBytes?: number;
  /** CPU time of the contender's process (all its threads) over the crawl: steadier than pages/s on a busy machine. */
  cpuSeconds: number;
  /** The URLs of the pages fetched, as the crawler names them. */
  urls: string[];
  /** What the crawler chose not to fetch, by reason, as it counted (for the table; the server's log is the judge). */
  skipped: Record<string, number>;
}

export interface Contender {
  name: string;
  /** The script to run with node (through tsx). */
  script: string;
  /** Extra node arguments (e.g. --conditions=react-server for code that imports server-only modules). */
  nodeArgs?: string[];
  extra?: Record<string, unknown>;
}

/** The scraper every ScrapeDeck page runs, and the kind the floor extracts: the same work on both sides. */
export const CRAWL_SCRAPER = { slug: "news-articles", kind: "news_article" } as const;

export const CONTENDERS: Contender[] = [
  { name: "bare (undici + Set)", script: path.join(import.meta.dirname, "bare-crawler.ts") },
  // The bare crawler doing the extraction ScrapeDeck's crawl does for each page (the news scraper's items and the
  // page's links, in the same thread): the floor for a crawl that scrapes, to read ScrapeDeck's overhead against.
  {
    name: `bare + extraction (same thread, ${CRAWL_SCRAPER.kind})`,
    script: path.join(import.meta.dirname, "bare-crawler.ts"),
    extra: { extract: CRAWL_SCRAPER.kind },
  },
  {
    name: "scrapedeck (1 process, in-process queue, SQLite)",
    script: path.join(import.meta.dirname, "scrapedeck-crawler.ts"),
    nodeArgs: ["--conditions=react-server", "--expose-gc"],
    extra: { runWorkers: 4 },
  },
  // The same crawl on PostgreSQL + Redis, its jobs and runs taken by 1, 2 and 4 `npm run worker` processes.
  ...[1, 2, 4].map((workers) => ({
    name: `scrapedeck (PostgreSQL + Redis, ${workers} worker${workers === 1 ? "" : "s"})`,
    script: path.join(import.meta.dirname, "scrapedeck-crawler.ts"),
    nodeArgs: ["--conditions=react-server", "--expose-gc"],
    extra: { runWorkers: 4, workers },
  })),
];

/** User and system CPU seconds of this process (every thread) since `before`. */
export function cpuSecondsSince(before: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1e6;
}
