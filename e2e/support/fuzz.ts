// The API fuzz suite's cases (e2e/api-fuzz.spec.ts): every route file under app/api, every method, odd ids,
// bodies, encodings and headers, sent with node's own HTTP client so that nothing normalises them on the way.
import { readdirSync, statSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import path from "node:path";

/** Every API path pattern, from the route files themselves, so a new route is fuzzed without a change here. */
export function apiRoutePatterns(root = path.resolve("app/api")): string[] {
  const patterns: string[] = [];
  const visit = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) visit(full, [...segments, entry]);
      else if (entry === "route.ts") patterns.push(`/api${segments.map((segment) => `/${segment}`).join("")}`);
    }
  };
  visit(root, []);
  return patterns.sort();
}

/** Odd values for a dynamic segment: ids out of range, of the wrong type, badly or oddly encoded. */
export const ODD_IDS = [
  "0",
  "-1",
  "abc",
  "1.5",
  "99999999999999999999",
  "%ff",
  "%",
  "%00",
  "%2e%2e",
  "x".repeat(600),
  "%E2%80%AE1",
];

/** Concrete paths for a pattern: each dynamic segment replaced by each odd id (and a real-looking one). */
export function pathsFor(pattern: string): string[] {
  if (!pattern.includes("[")) return [pattern];
  return ["999999", ...ODD_IDS].map((id) =>
    pattern.replace(/\[\[?\.\.\.[^\]]+\]\]?/g, `${id}/deeper`).replace(/\[[^\]]+\]/g, id),
  );
}

export const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "FOO"];

/** Malformed or wrongly typed bodies; never a valid payload, so a served route refuses each and writes nothing. */
export const BODIES: { contentType: string; body: string }[] = [
  { contentType: "application/json", body: "{" },
  { contentType: "application/json", body: "[]" },
  { contentType: "application/json", body: "null" },
  { contentType: "application/json", body: '"text"' },
  {
    contentType: "application/json",
    body: '{"email":42,"password":["x"],"name":{},"description":7,"url":false,"everywhere":"yes"}',
  },
  { contentType: "application/json", body: `{"description":"${"x".repeat(70 * 1024)}"}` },
  { contentType: "application/json", body: `${"[".repeat(5000)}${"]".repeat(5000)}` },
  { contentType: "application/json", body: '{"__proto__":{"admin":true},"constructor":{"prototype":{}}, "url": 1}' },
  { contentType: "application/json", body: "\u0000\uffff\ud800" },
  { contentType: "text/plain", body: "just text" },
  { contentType: "application/x-www-form-urlencoded", body: "email=%ZZ&password=&csrfToken=x" },
  { contentType: "multipart/form-data; boundary=x", body: "--x\r\nbroken" },
];

export const AUTH_HEADERS: Record<string, string>[] = [
  {},
  { authorization: "Bearer not-a-token" },
  { authorization: "Basic Zm9vOmJhcg==" },
  { cookie: "next-auth.session-token=garbage; __Secure-next-auth.session-token=%ff" },
];

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function send(
  base: string,
  { method, target, headers = {}, body }: { method: string; target: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: target,
        // node frames a body of GET, DELETE or OPTIONS only when told its length.
        headers: {
          ...headers,
          connection: "close",
          ...(body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) }),
        },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error(`timeout: ${method} ${target}`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** Raw bytes for what node's client refuses to send (unknown methods with odd syntax, broken header lines). */
export function sendRaw(base: string, bytes: string): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(bytes));
    let data = "";
    socket.setTimeout(60_000, () => socket.destroy(new Error("timeout")));
    socket.on("data", (chunk) => {
      data += chunk.toString("latin1");
    });
    socket.on("close", () => {
      const [head = "", ...rest] = data.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1] ?? 0), headers, body: rest.join("\r\n\r\n") });
    });
    socket.on("error", reject);
  });
}

/** Runs `tasks` with at most `limit` in flight. */
export async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
