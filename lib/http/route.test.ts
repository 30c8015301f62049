import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/infra/errors";
import { parseJsonBody } from "./body";
import { route } from "./route";

const noParams = { params: Promise.resolve({}) };
const schema = z.object({ name: z.string().min(2, "Name must be at least 2 characters.") });
const echo = route(async ({ req }) => parseJsonBody(req, schema));

function post(body: string, headers: Record<string, string> = {}) {
  return new Request("http://localhost/api/echo", {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
  });
}

describe("route", () => {
  it("answers handler data as 200 JSON with a request id", async () => {
    const res = await echo(post('{"name":"Ada"}'), noParams);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.json()).toEqual({ name: "Ada" });
  });

  it("keeps answers out of every cache unless the handler says otherwise", async () => {
    expect((await echo(post('{"name":"Ada"}'), noParams)).headers.get("cache-control")).toBe("no-store");
    expect((await echo(post("{name:"), noParams)).headers.get("cache-control")).toBe("no-store");
    const cached = await route(async () => new Response("{}", { headers: { "Cache-Control": "public, max-age=60" } }))(
      new Request("http://localhost/x"),
      noParams,
    );
    expect(cached.headers.get("cache-control")).toBe("public, max-age=60");
  });

  it("answers malformed JSON with 400 invalid_json", async () => {
    const res = await echo(post("{name:"), noParams);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid_json", message: "Request body must be valid JSON" });
  });

  it("answers a schema violation with 400 and the issues", async () => {
    const res = await echo(post('{"name":"A"}'), noParams);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ code: "validation_error", message: "name: Name must be at least 2 characters." });
    expect(body.issues).toEqual([{ path: "name", message: "Name must be at least 2 characters." }]);
    expect(body.request_id).toBe(res.headers.get("x-request-id"));
  });

  it("treats an empty body as {} so the schema decides", async () => {
    const res = await echo(post(""), noParams);
    expect(res.status).toBe(400);
    expect((await res.json()).issues[0].path).toBe("name");
  });

  it("refuses bodies over the cap with 413, declared or streamed", async () => {
    const big = JSON.stringify({ name: "x".repeat(70 * 1024) });
    const declared = await echo(post(big, { "content-length": String(big.length) }), noParams);
    expect(declared.status).toBe(413);
    const streamed = await echo(post(big), noParams);
    expect(streamed.status).toBe(413);
    expect((await streamed.json()).code).toBe("payload_too_large");
  });

  it("maps AppError to its code's status, with the headers its details call for", async () => {
    const res = await route(async () => {
      throw new AppError("rate_limited", "Slow down", {
        retryAfterSeconds: 6.2,
        rateLimit: { limit: 10, remaining: 0, resetAt: 1_800_000_000 },
      });
    })(new Request("http://localhost/x"), noParams);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("7");
    expect(res.headers.get("x-ratelimit-limit")).toBe("10");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(res.headers.get("x-ratelimit-reset")).toBe("1800000000");
    expect(await res.json()).toMatchObject({ message: "Slow down", code: "rate_limited" });
  });

  it("hides unknown errors behind a 500 with a request id", async () => {
    const res = await route(async () => {
      throw new Error("secret table xyz exploded");
    })(new Request("http://localhost/x"), noParams);
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(JSON.stringify(body)).not.toContain("xyz");
    expect(body).toMatchObject({ code: "internal_error" });
    expect(body.request_id).toBe(res.headers.get("x-request-id"));
  });

  it("passes awaited params and keeps responses the handler builds", async () => {
    const res = await route(async ({ params }) => new Response(String(params.id), { status: 202 }))(
      new Request("http://localhost/x"),
      {
        params: Promise.resolve({ id: "42" }),
      },
    );
    expect(res.status).toBe(202);
    expect(await res.text()).toBe("42");
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });
});
