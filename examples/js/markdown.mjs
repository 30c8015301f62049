// Any page as Markdown: run the Web Page scraper, and ask any run for formats beside its items.
// Node 18+ (built-in fetch). Run: SCRAPEDECK_URL=http://localhost:3000 PAGE_URL=https://… node markdown.mjs
const BASE_URL = process.env.SCRAPEDECK_URL ?? "http://localhost:3000";
const PAGE_URL = process.env.PAGE_URL ?? "https://news.example.com/2026/11/ai-regulation";
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

// 1. An account and an API key.
const { token, user } = await call("POST", "/api/auth/register", { body: { email: EMAIL, password: PASSWORD } });
console.log(`registered: ${user.email}`);
const apiKey = await call("POST", "/api/keys", { token, body: { description: "Example" } });
console.log(`api key: ${apiKey.key.slice(0, 6)}…`);

// 2. The Web Page scraper, found in the catalogue by name: one item, the page's main content as Markdown.
const scrapers = await call("GET", "/api/scrapers");
const webPage = scrapers.find((scraper) => scraper.name === "Web Page");
const run = await call("POST", `/api/scrapers/${webPage.id}/run`, {
  token: apiKey.key,
  // formats adds outputs beside data, on any scraper; only_main_content (default true) drops navigation and footers.
  body: { url: PAGE_URL, formats: ["links", "metadata"], only_main_content: true },
});
const [page] = run.data;
console.log(`run ${run.id}: ${run.status}, ${run.data.length} item(s)`);
console.log(`title: ${page.title}`);
console.log(`markdown: ${page.markdown.split("\n")[0]}`);
console.log(`words: ${page.word_count}`);
console.log(`links: ${run.links.length}, language: ${run.metadata.language}`);
