// The yardstick of npm run bench:hot: the least a license verification can cost on this machine. Bare node:http
// and better-sqlite3, one prepared conditional UPDATE that checks and counts a use at once (the same statement
// the app relies on for exactness), one indexed content query, the same JSON answer. No framework, no
// throttle, no logging, no request id. Run by the benchmark as its own process:
//   tsx scripts/bench/baseline-server.ts <sqlite file> <port>
import { createServer } from "node:http";
import Database from "better-sqlite3";
import { normalizeLicenseKey } from "@/lib/licenses/key";
import { answer, itemUrls, refusal } from "@/lib/licenses/verdict";

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error("usage: baseline-server.ts <sqlite file> <port>");

const database = new Database(file, { timeout: 10_000 });
database.pragma("journal_mode = WAL");
database.pragma("synchronous = NORMAL");

// Dates are ISO 8601 text in the app's SQLite schema (Prisma's adapter writes "…T…+00:00"), so they compare as text.
const sqliteDate = (date: Date) => date.toISOString().replace("Z", "+00:00");

const use = database.prepare<[string, string], { id: number }>(
  `UPDATE licenses SET usage_count = usage_count + 1
   WHERE license_key = ? AND is_active = 1 AND (expires_at IS NULL OR expires_at > ?)
     AND (max_usage IS NULL OR usage_count < max_usage)
   RETURNING id`,
);
const content = database.prepare<[number], { downloadUrl: string | null; accessUrl: string | null; apiEndpoint: string | null }>(
  `SELECT download_url AS downloadUrl, access_url AS accessUrl, api_endpoint AS apiEndpoint
   FROM license_contents WHERE license_id = ? ORDER BY id`,
);
const state = database.prepare<[string, string], { isActive: number; expired: number; usedUp: number }>(
  `SELECT is_active = 1 AS isActive, (expires_at IS NOT NULL AND expires_at <= ?) AS expired,
     (max_usage IS NOT NULL AND usage_count >= max_usage) AS usedUp
   FROM licenses WHERE license_key = ?`,
);

function verify(rawKey: unknown) {
  const key = typeof rawKey === "string" ? normalizeLicenseKey(rawKey) : null;
  if (!key) return answer("not_found");
  const now = sqliteDate(new Date());
  const used = use.get(key, now);
  if (used) return answer("valid", content.all(used.id).flatMap(itemUrls));
  const row = state.get(now, key);
  const license = row ? { isActive: row.isActive === 1, expired: row.expired === 1, usedUp: row.usedUp === 1 } : null;
  return answer(refusal(license) ?? "not_found");
}

createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    let status = 200;
    let body: unknown;
    try {
      body = verify((JSON.parse(Buffer.concat(chunks).toString("utf8")) as { license_key?: unknown }).license_key);
    } catch {
      status = 400;
      body = { message: "Request body must be valid JSON", code: "invalid_json" };
    }
    res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body));
  });
}).listen(Number(port), "127.0.0.1");

// Stopped by the benchmark: exit rather than die, so that a --cpu-prof profile is written.
process.on("SIGTERM", () => process.exit(0));
