import { describe, expect, it } from "vitest";
import { createDb } from "@/lib/db";
import { checkHealth } from "@/lib/health";
import { route } from "@/lib/http";
import { callHandler } from "@/test/support/requests";
import { GET } from "./route";

describe("GET /api/health", () => {
  it("answers ok after a database round trip", async () => {
    const res = await callHandler(GET, new Request("http://localhost/api/health"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("answers 503 with a message when the database cannot be reached", async () => {
    // Nothing listens on port 1: a real connection failure, not a mock.
    const unreachable = createDb("postgresql://postgres@127.0.0.1:1/none");
    const res = await callHandler(
      route(() => checkHealth(unreachable)),
      new Request("http://localhost/api/health"),
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: "database_unavailable", message: "The database is not reachable right now." });
    await unreachable.$disconnect();
  });
});
