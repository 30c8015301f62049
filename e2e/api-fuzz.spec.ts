import { expect, test } from "@playwright/test";
import { type Answer, AUTH_HEADERS, apiRoutePatterns, BODIES, METHODS, pathsFor, pool, send, sendRaw } from "./support/fuzz";

// Against the built app (npm start): every route file under app/api, every method, odd ids, malformed bodies and
// headers. Every answer must be the API's JSON (errors in the {message, code, request_id} shape), never a 5xx,
// carry the security headers, and nothing may be written: the fuzzing account reads the same before and after.
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const NEXT_AUTH_PATHS = [
  "csrf",
  "providers",
  "session",
  "callback/credentials",
  "signin",
  "signout",
  "_log",
  "error",
  "callback/github",
];

interface Problem {
  request: string;
  status: number;
  why: string;
}

function check(request: string, method: string, answer: Answer): string | null {
  if (answer.status === 0) return answer.body;
  if (answer.status >= 500 || answer.status < 200) return "server error";
  // A CORS preflight (204) has no body to be JSON.
  if (answer.status === 204) return answer.body === "" ? null : "204 with a body";
  const type = String(answer.headers["content-type"] ?? "");
  if (!type.includes("application/json")) return `content-type ${type || "(none)"}`;
  if (answer.headers["x-content-type-options"] !== "nosniff") return "no nosniff";
  if (!String(answer.headers["content-security-policy"] ?? "").includes("frame-ancestors 'none'")) return "no CSP";
  if (!String(answer.headers["cache-control"] ?? "").includes("no-store")) return "cacheable";
  if (method === "HEAD") return null;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return "body is not JSON";
  }
  if (answer.status >= 400) {
    const error = body as { message?: unknown; code?: unknown; request_id?: unknown };
    if (typeof error.message !== "string" || typeof error.code !== "string" || typeof error.request_id !== "string") {
      return `not the error shape: ${answer.body.slice(0, 200)}`;
    }
  }
  if (answer.status === 405 && !answer.headers.allow) return "405 without Allow";
  void request;
  return null;
}

test("the API answers JSON, never a 5xx, to 2,000+ malformed requests, and writes nothing", async ({ baseURL, request }) => {
  test.setTimeout(600_000);
  const base = baseURL ?? "";
  const account = await request.post("/api/auth/register", {
    data: { email: `fuzz-${Date.now()}-${Math.random().toString(16).slice(2)}@example.com`, password: "correct-horse-battery" },
  });
  expect(account.status()).toBe(201);
  const { token } = await account.json();
  const signedIn = { authorization: `Bearer ${token}` };
  const snapshot = async () =>
    Promise.all(
      ["/api/auth/me", "/api/keys", "/api/licenses", "/api/runs", "/api/usage"].map(async (path) => {
        const res = await request.get(path, { headers: signedIn });
        return `${path} ${res.status()} ${JSON.stringify(await res.json())}`;
      }),
    );
  const before = await snapshot();

  const paths = [
    ...apiRoutePatterns().flatMap(pathsFor),
    "/api",
    "/api/",
    "//api//keys",
    ...NEXT_AUTH_PATHS.map((path) => `/api/auth/${path}`),
  ];
  const auths = [...AUTH_HEADERS, signedIn];
  const cases: { method: string; target: string; headers: Record<string, string>; body?: string }[] = [];
  let n = 0;
  for (const path of paths) {
    for (const method of METHODS) {
      for (const auth of [auths[n % auths.length] ?? {}, signedIn]) {
        n++;
        const query = n % 3 === 0 ? "?q=%ff&limit=-1&page=abc&page=2" : "";
        const headers: Record<string, string> = { ...auth };
        let body: string | undefined;
        if (BODY_METHODS.has(method) || n % 7 === 0) {
          const choice = BODIES[n % BODIES.length] ?? BODIES[0];
          body = choice?.body;
          if (choice) headers["content-type"] = choice.contentType;
        }
        if (n % 5 === 0) headers.origin = "https://evil.example";
        if (n % 11 === 0) headers["accept-encoding"] = "gzip, br";
        cases.push({ method, target: `${path}${query}`, headers, body });
      }
    }
  }
  const problems: Problem[] = [];
  const answers = await pool(
    cases.map((c) => async () => {
      try {
        return { c, answer: await send(base, c) };
      } catch (error) {
        // An answer node's client cannot even parse is a failure of its own.
        return { c, answer: { status: 0, headers: {}, body: `unreadable answer: ${(error as Error).message}` } };
      }
    }),
    6,
  );
  for (const { c, answer } of answers) {
    const why = check(c.target, c.method, answer);
    if (why) problems.push({ request: `${c.method} ${c.target.slice(0, 120)}`, status: answer.status, why });
  }

  // What node's own client will not send: methods it cannot parse, broken header lines, bad encodings.
  const raw = [
    "FOO /api/keys HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    "TRACE /api/licenses/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    "GET /api/licenses/%ff HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    "DELETE /api/keys/% HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    "GET /api/keys HTTP/1.1\r\nHost: x\r\nBad Header: y\r\nConnection: close\r\n\r\n",
    "POST /api/keys HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\nConnection: close\r\n\r\n",
    `GET /api/keys HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    "GET /api/keys HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\nConnection: close\r\n\r\n0\r\n\r\n",
  ];
  for (const bytes of raw) {
    const answer = await sendRaw(base, bytes);
    const line = bytes.split("\r\n", 1)[0] ?? "";
    const why =
      answer.status >= 500 || answer.status === 0
        ? "server error"
        : !String(answer.headers["content-type"]).includes("json")
          ? "not JSON"
          : null;
    if (why) problems.push({ request: `raw ${line}`, status: answer.status, why });
  }

  console.log(`api fuzz: ${cases.length + raw.length} requests, ${problems.length} problems`);
  expect(cases.length + raw.length).toBeGreaterThanOrEqual(2000);
  expect(problems.slice(0, 30)).toEqual([]);
  expect(await snapshot()).toEqual(before);
});
