import { describe, expect, it } from "vitest";
import { checkHealth } from "@/lib/health/check";
import { route } from "@/lib/http";
import { createHotDb } from "@/lib/infra/db/hot";
import { servedBothWays } from "@/test/support/fast-path";
import { callHandler } from "@/test/support/requests";
import * as health from "./route";

// Served by the edge's fast path in front of Next as well (server/fast-paths.ts): both ways answer alike.
describe.each(servedBothWays({ GET: health.GET, POST: health.POST }))("/api/health (%s)", (_servedAs, { GET, POST }) => {
  it("answers ok after a database round trip", async () => {
    const res = await callHandler(GET, new Request("http://localhost/api/health"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("refuses other methods with 405 and the methods it allows", async () => {
    const res = await callHandler(POST, new Request("http://localhost/api/health", { method: "POST" }));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toContain("GET");
  });
});

describe("GET /api/health", () => {
  it("answers 503 with a message when the database cannot be reached", async () => {
    // Nothing listens on port 1: a real connection failure, not a mock.
    const unreachable = createHotDb("postgresql://postgres@127.0.0.1:1/none");
    const res = await callHandler(
      route(() => checkHealth(unreachable)),
      new Request("http://localhost/api/health"),
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: "database_unavailable", message: "The database is not reachable right now." });
    await unreachable.close();
  });
});
