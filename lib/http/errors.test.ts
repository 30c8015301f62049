import { describe, expect, it } from "vitest";
import { createDb } from "@/lib/infra/db";
import { AppError, ScrapeError } from "@/lib/infra/errors";
import { OUTAGE_RETRY_AFTER_SECONDS } from "@/lib/infra/outage";
import { answerableError, errorResponse, HTTP_STATUS, httpStatusOf } from "./errors";
import { route } from "./route";

describe("HTTP_STATUS", () => {
  it.each([
    ["invalid_url", 400],
    ["blocked_address", 422],
    ["not_html", 422],
    ["too_large", 422],
    ["too_many_redirects", 502],
    ["upstream_error", 502],
    ["upstream_unreachable", 502],
    ["upstream_timeout", 504],
  ] as const)("answers the engine's %s with %d", (code, status) => {
    expect(httpStatusOf(new ScrapeError(code, "x"))).toBe(status);
  });

  it("gives every code a client or server error status", () => {
    for (const status of Object.values(HTTP_STATUS)) expect(status).toBeGreaterThanOrEqual(400);
  });
});

describe("errorResponse", () => {
  it("answers {message, code, issues?, request_id} with the code's status", async () => {
    const res = errorResponse(
      new AppError("validation_error", "name: too short", { issues: [{ path: "name", message: "too short" }] }),
      "r1",
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "name: too short",
      code: "validation_error",
      issues: [{ path: "name", message: "too short" }],
      request_id: "r1",
    });
  });

  it("challenges API-key callers as RFC 6750 says", () => {
    expect(errorResponse(new AppError("missing_api_key", "x"), "r").headers.get("www-authenticate")).toBe('Bearer realm="api"');
    expect(errorResponse(new AppError("invalid_api_key", "x"), "r").headers.get("www-authenticate")).toBe(
      'Bearer realm="api", error="invalid_token"',
    );
    expect(errorResponse(new AppError("unauthorized", "x"), "r").headers.has("www-authenticate")).toBe(false);
  });

  it("keeps the route's own headers and rounds Retry-After up to whole seconds, at least 1", () => {
    const res = errorResponse(new AppError("concurrency_limited", "x", { retryAfterSeconds: 0.2 }), "r", { "X-Request-Id": "r" });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(res.headers.get("x-request-id")).toBe("r");
  });
});

describe("a dependency outage", () => {
  it("is answered 503 service_unavailable with Retry-After and the error shape, never 500", async () => {
    // A real database nobody answers for (nothing listens on port 1).
    const unreachable = createDb("postgresql://postgres@127.0.0.1:1/none");
    const handler = route(() => unreachable.user.findFirst());
    const res = await handler(new Request("http://localhost/api/anything"), { params: Promise.resolve({}) });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      message: expect.stringMatching(/^The database is not answering right now/),
      code: "service_unavailable",
      request_id: expect.any(String),
    });
    await unreachable.$disconnect();
  });

  it("leaves a bug a 500 internal_error", () => {
    expect(answerableError(new TypeError("x is not a function")).code).toBe("internal_error");
    expect(HTTP_STATUS.service_unavailable).toBe(503);
  });
});
