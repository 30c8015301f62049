import { describe, expect, it } from "vitest";
import { METHOD_PROBE_HEADER, methodProbeSecret } from "./edge-probe";
import { forEveryMethod, HTTP_METHODS, methods } from "./methods";
import { route } from "./route";

const noParams = { params: Promise.resolve({}) };
const call = (handler: (req: Request, segment: typeof noParams) => Promise<Response>, method: string) =>
  handler(new Request("http://localhost/x", { method }), noParams);

const ok = route(async () => ({ ok: true }));

describe("methods", () => {
  it("serves the methods given and answers every other one 405 JSON with the same Allow", async () => {
    const handlers = methods({ POST: ok, GET: ok });
    expect((await call(handlers.GET, "GET")).status).toBe(200);
    expect((await call(handlers.POST, "POST")).status).toBe(200);
    for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS"] as const) {
      const res = await call(handlers[method], method);
      expect(res.status).toBe(405);
      // Listed in one order whatever the order of the keys.
      expect(res.headers.get("allow")).toBe("GET, POST");
      expect(await res.json()).toMatchObject({ code: "method_not_allowed", message: "This endpoint accepts GET, POST." });
    }
  });

  it("answers a hinted method with its hint and the same Allow", async () => {
    const handlers = methods({ POST: ok }, { GET: "Use POST with {email, password} to log in" });
    const res = await call(handlers.GET, "GET");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect((await res.json()).message).toBe("Use POST with {email, password} to log in");
    expect((await (await call(handlers.PUT, "PUT")).json()).message).toBe("This endpoint accepts POST.");
  });

  it("refuses a route that serves nothing", () => {
    expect(() => methods({})).toThrow(/at least one method/);
  });
});

describe("forEveryMethod", () => {
  it("gives every method the same handler", () => {
    const handlers = forEveryMethod(ok);
    for (const method of HTTP_METHODS) expect(handlers[method]).toBe(ok);
  });
});

describe("the edge's method probe", () => {
  it("answers 405 with the route's Allow even where OPTIONS is served, and only with the process's secret", async () => {
    const handlers = methods({ POST: ok, OPTIONS: route(async () => new Response(null, { status: 204 })) });
    const probe = (value: string) =>
      handlers.OPTIONS(
        new Request("http://localhost/x", { method: "OPTIONS", headers: { [METHOD_PROBE_HEADER]: value } }),
        noParams,
      );
    const probed = await probe(methodProbeSecret());
    expect(probed.status).toBe(405);
    expect(probed.headers.get("allow")).toBe("POST, OPTIONS");
    expect((await probed.json()).code).toBe("method_not_allowed");
    // A client guessing at the header gets the real OPTIONS answer.
    expect((await probe("guess")).status).toBe(204);
  });
});
