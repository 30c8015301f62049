import { describe, expect, it } from "vitest";
import { callHandler } from "@/test/support/requests";
import { GET, POST } from "./route";

describe("unknown /api paths", () => {
  it.each([
    ["GET", GET],
    ["POST", POST],
  ])("answer %s with the JSON 404 shape", async (method, handler) => {
    const res = await callHandler(handler, new Request("http://localhost/api/nope", { method }), { path: "nope" });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toMatchObject({ code: "not_found", message: "No API endpoint at this path. See /api-docs." });
  });
});
