// Crawl a site: map its URLs, crawl it (each page one run of the Web Page scraper), read its pages.
// Node 18+ (built-in fetch). Run: SCRAPEDECK_URL=http://localhost:3000 SITE_URL=https://… node crawl.mjs
const BASE_URL = process.env.SCRAPEDECK_URL ?? "http://localhost:3000";
const SITE_URL = process.env.SITE_URL ?? "https://blog.example.com/";
const EMAIL = process.env.SCRAPEDECK_EMAIL ?? `example-${Date.now()}@example.com`;
const PASSWORD = process.env.SCRAPEDECK_PASSWORD ?? "correct horse battery";

async function call(method, path, { token, body } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${BASE_URL}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  // Every error is {message, code, request_id}: branch on code, show message.
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${data.code}: ${data.message}`);
  return data;
}

/** Reads the crawl every second until it ends (an answer holds 100 of its pages: pass next as ?cursor= for more). */
async function finished(apiKey, crawlId) {
  for (;;) {
    const crawl = await call("GET", `/api/crawls/${crawlId}`, { token: apiKey });
    if (crawl.status !== "queued" && crawl.status !== "running") return crawl;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

// 1. An account and an API key: crawls and maps take the API key.
const { token } = await call("POST", "/api/auth/register", { body: { email: EMAIL, password: PASSWORD } });
const apiKey = await call("POST", "/api/keys", { token, body: { description: "Example" } });

// 2. The site's URLs first, from its sitemaps and the links of its first pages: quick, and it runs nothing.
const map = await call("POST", "/api/map", { token: apiKey.key, body: { url: SITE_URL } });
console.log(`map: ${map.count} url(s)`);

// 3. A crawl: at most 10 pages (each a run against the monthly quota), 2 link hops deep, not the calendar.
// It answers at once (202); robots.txt is honoured and each page is fetched once.
const crawl = await call("POST", "/api/crawls", {
  token: apiKey.key,
  body: { url: SITE_URL, limit: 10, max_depth: 2, exclude_paths: ["/calendar"] },
});
console.log(`crawl ${crawl.id}: ${crawl.status}`);

// 4. Read every second until it ends. Each page names its run (its items at GET /api/runs/{run_id}).
const done = await finished(apiKey.key, crawl.id);
console.log(`crawl ${done.id}: ${done.status}, ${done.succeeded} page(s) succeeded, ${done.failed} failed`);
const paths = done.pages.map((page) => {
  const { pathname, search } = new URL(page.url);
  return pathname + search;
});
console.log(`pages: ${paths.sort().join(", ")}`);
console.log(`skipped by robots.txt: ${done.skipped.robots}`);
