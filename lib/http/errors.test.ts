import { describe, expect, it } from "vitest";
import { AppError, ScrapeError } from "@/lib/infra/errors";
import { errorResponse, HTTP_STATUS, httpStatusOf } from "./errors";

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
