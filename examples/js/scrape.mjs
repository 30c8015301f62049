// Register, create an API key, run a scraper on a page and read the items it found.
// Node 18+ (built-in fetch). Run: SCRAPEDECK_URL=http://localhost:3000 PAGE_URL=https://… node scrape.mjs
const BASE_URL = process.env.SCRAPEDECK_URL ?? "http://localhost:3000";
const PAGE_URL = process.env.PAGE_URL ?? "https://shop.example.com/products/wireless-headphones";
const EMAIL = process.env.SCRAPEDECK_EMAIL ?? `example-${Date.now()}@example.com`;
const PASSWORD = process.env.SCRAPEDECK_PASSWORD ?? "correct horse battery";
const SCRAPER_ID = 1; // E-commerce Product Scraper, on every plan

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

// 1. An account; the token it returns manages keys (valid 24 hours).
const { token, user } = await call("POST", "/api/auth/register", { body: { email: EMAIL, password: PASSWORD } });
console.log(`registered: ${user.email}`);

// 2. An API key: shown in full only in this answer.
const apiKey = await call("POST", "/api/keys", { token, body: { description: "Example" } });
console.log(`api key: ${apiKey.key.slice(0, 6)}…`);

// 3. A run: the API key authenticates it. "render": "auto" renders the page in a browser only if it needs one.
const run = await call("POST", `/api/scrapers/${SCRAPER_ID}/run`, {
  token: apiKey.key,
  body: { url: PAGE_URL, render: "auto" },
});
console.log(`run ${run.id}: ${run.status}, ${run.data.length} item(s), rendered: ${run.rendered}`);
for (const item of run.data) console.log(`item: ${item.title}`);

// 4. The run again later, from the history (items are kept for a while).
const saved = await call("GET", `/api/runs/${run.id}`, { token });
console.log(`saved run ${saved.id}: ${saved.item_count} item(s)`);
