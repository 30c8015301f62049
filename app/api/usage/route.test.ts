import { describe, expect, it } from "vitest";
import { PLANS } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import { usageMonth } from "@/lib/usage/summary";
import { bearer, callRoute } from "@/test/support/requests";
import { createTestUser } from "@/test/support/users";
import { GET, POST } from "./route";

describe("GET /api/usage", () => {
  it("answers the caller's plan limits and this month's successful runs", async () => {
    const user = await createTestUser();
    await db.user.update({ where: { id: user.id }, data: { plan: "business" } });
    await db.monthlyUsage.create({ data: { userId: user.id, month: usageMonth(), successfulRuns: 7 } });
    const res = await callRoute(GET, { path: "/api/usage", headers: bearer(user) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      plan: "business",
      month: usageMonth(),
      successful_runs: 7,
      monthly_quota: PLANS.business.monthlyRuns,
      requests_per_minute: PLANS.business.requestsPerMinute,
      concurrent_runs: PLANS.business.concurrentRuns,
    });
  });

  it("answers 401 without credentials", async () => {
    const res = await callRoute(GET, { path: "/api/usage" });
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe("unauthorized");
  });

  it("answers 405 with Allow to POST", async () => {
    const res = await callRoute(POST, { method: "POST", path: "/api/usage" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
  });
});
