// Create a license and verify its key, as your customer's software would.
// Node 18+ (built-in fetch). Run: SCRAPEDECK_URL=http://localhost:3000 node license.mjs
const BASE_URL = process.env.SCRAPEDECK_URL ?? "http://localhost:3000";
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
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${data.code}: ${data.message}`);
  return data;
}

const { token } = await call("POST", "/api/auth/register", { body: { email: EMAIL, password: PASSWORD } });

// 1. A license for 100 verifications; the server generates the key.
const license = await call("POST", "/api/licenses", { token, body: { name: "Example course", max_usage: 100 } });
console.log(`license ${license.id}: ${license.license_key}`);

// 2. Something it unlocks: a valid verification returns its URLs.
await call("POST", `/api/licenses/${license.id}/content`, {
  token,
  body: { content_type: "ebook", content_id: "ebook-1", download_url: "https://cdn.example.com/ebook-1.pdf" },
});

// 3. Verify the key: public, no credentials. Invalid keys answer 200 too, with valid: false and a code.
const verdict = await call("POST", "/api/verify-license", { body: { license_key: license.license_key } });
console.log(`verify: valid=${verdict.valid} code=${verdict.code}`);
for (const url of verdict.content) console.log(`content: ${url}`);
