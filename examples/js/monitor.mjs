// Watch a page: create a monitor, check it now, read its checks (each compared with the one before), pause it.
// Node 18+ (built-in fetch). Run: SCRAPEDECK_URL=http://localhost:3000 PAGE_URL=https://… node monitor.mjs
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

/** Checks the monitor now and waits for that check to end (its runs count against the monthly quota). */
async function checkNow(token, monitorId, previousCheckId) {
  await call("POST", `/api/monitors/${monitorId}/run`, { token });
  for (;;) {
    // Checks are listed newest first; ids only grow, so a newer id is this check.
    const page = await call("GET", `/api/monitors/${monitorId}/checks?per_page=1`, { token });
    const [latest] = page.data;
    if (latest && latest.id > previousCheckId && latest.status !== "running") return latest;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

// 1. An account; its token manages monitors (an API key works too).
const { token } = await call("POST", "/api/auth/register", { body: { email: EMAIL, password: PASSWORD } });

// 2. A monitor: every day at 09:00 Berlin time, price and availability are what count as a change.
const monitor = await call("POST", "/api/monitors", {
  token,
  body: {
    name: "Headphones",
    scraper_id: SCRAPER_ID,
    url: PAGE_URL,
    schedule: { cron: "0 9 * * *", timezone: "Europe/Berlin" },
    fields: ["price", "availability"],
  },
});
console.log(`monitor ${monitor.id}: ${monitor.schedule.cron} (${monitor.schedule.timezone})`);

// 3. Checked now rather than at 09:00: the first check has nothing to compare with, the second compares.
let previousCheckId = 0;
for (let n = 0; n < 2; n++) {
  const check = await checkNow(token, monitor.id, previousCheckId);
  previousCheckId = check.id;
  const changes = check.results.flatMap((url) => url.items?.changes ?? []);
  console.log(`check ${check.id}: ${check.status}, ${changes.length} change(s)`);
}

// 4. Paused: no more checks (and no more runs) until enabled again.
const paused = await call("PATCH", `/api/monitors/${monitor.id}`, { token, body: { enabled: false } });
console.log(`paused: enabled=${paused.enabled}, next check ${paused.next_check_at ?? "none"}`);
