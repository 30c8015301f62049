import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PUBLIC } from "@/lib/auth/access";
import { implement, operation, reply } from "@/lib/infra/api/operation";
import { idParam } from "@/lib/infra/api/params";
import { METHOD_PROBE_HEADER, methodProbeSecret } from "./edge-probe";
import { serve } from "./serve";

// The kit's own operations on paths outside /api: no contract applies to their answers.
const base = { tag: "service", summary: "A kit test.", access: PUBLIC, errors: {} } as const;

const echo = implement(
  operation({
    ...base,
    method: "POST",
    path: "/kit/things/{id}",
    operationId: "echoThing",
    pathParams: idParam("thing"),
    body: { schema: z.object({ name: z.string().min(2, "Name must be at least 2 characters.") }), example: {} },
    success: { status: 201, description: "The thing." },
    cors: true,
    notAllowedHints: { GET: "Use POST with {name}." },
  }),
  { handle: async ({ params, body }) => ({ id: params.id, ...(await body()) }) },
);

const failing = implement(
  operation({
    ...base,
    method: "DELETE",
    path: "/kit/things/{id}",
    operationId: "failThing",
    success: { status: 200, description: "" },
  }),
  {
    handle: async () => {
      throw new Error("boom");
    },
  },
);

const handlers = serve(echo, failing);

function call(method: string, id = "7", init: RequestInit = {}) {
  return handlers[method as keyof typeof handlers](new Request(`http://localhost/kit/things/${id}`, { method, ...init }), {
    params: Promise.resolve({ id }),
  });
}

const post = (id: string, body: unknown) =>
  call("POST", id, { body: JSON.stringify(body), headers: { "content-type": "application/json" } });

describe("serve", () => {
  it("answers an operation's result with its declared status, the request id and no-store", async () => {
    const res = await post("7", { name: "Ada" });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: 7, name: "Ada" });
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it.each(["0", "-1", "abc", "1.5", "1e3", "99999999999999999999"])(
    "answers a path id %j 404 with the thing's name",
    async (id) => {
      const res = await post(id, { name: "Ada" });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: "not_found", message: "Thing not found" });
    },
  );

  it("validates the body when the operation reads it", async () => {
    const res = await post("7", { name: "A" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "validation_error", message: "name: Name must be at least 2 characters." });
  });

  it("answers an unexpected failure 500 without internals", async () => {
    const res = await call("DELETE");
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toContain("boom");
  });

  it("refuses other methods 405 with the path's Allow, a declared hint as the message", async () => {
    const hinted = await call("GET");
    expect(hinted.status).toBe(405);
    expect(hinted.headers.get("allow")).toBe("POST, DELETE, OPTIONS");
    expect((await hinted.json()).message).toBe("Use POST with {name}.");
    const generic = await call("PATCH");
    expect((await generic.json()).message).toBe("This endpoint accepts POST, DELETE, OPTIONS.");
  });

  it("opens a path's answers, errors included, to any origin and answers its preflight", async () => {
    const preflight = await call("OPTIONS");
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    expect((await post("7", { name: "Ada" })).headers.get("access-control-allow-origin")).toBe("*");
    const refused = await post("7", {});
    expect(refused.status).toBe(400);
    expect(refused.headers.get("access-control-expose-headers")).toContain("X-Request-Id");
  });

  it("answers the edge's method probe 405 where OPTIONS is served, and only with the process's secret", async () => {
    const probe = (value: string) => call("OPTIONS", "7", { headers: { [METHOD_PROBE_HEADER]: value } });
    const probed = await probe(methodProbeSecret());
    expect(probed.status).toBe(405);
    expect(probed.headers.get("allow")).toBe("POST, DELETE, OPTIONS");
    expect((await probe("guess")).status).toBe(204);
  });

  it("sends a reply's status, Location and cookies", async () => {
    const accepted = serve(
      implement(
        operation({ ...base, method: "POST", path: "/kit/jobs", operationId: "job", success: { status: 200, description: "" } }),
        { handle: async () => reply(202, { id: 1 }, { location: "http://localhost/kit/jobs/1", cookies: ["a=1", "b=2"] }) },
      ),
    );
    const res = await accepted.POST(new Request("http://localhost/kit/jobs", { method: "POST" }), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(202);
    expect(res.headers.get("location")).toBe("http://localhost/kit/jobs/1");
    expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
  });
});
