import { describe, expect, it } from "vitest";
import { PLANS } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import { createTestUser } from "@/test/support/users";
import { getUsageSummary, usageMonth } from "./summary";

describe("usageMonth", () => {
  it("is the UTC calendar month", () => {
    expect(usageMonth(new Date("2026-01-31T23:59:59Z"))).toBe("2026-01");
    expect(usageMonth(new Date("2026-02-01T00:00:00Z"))).toBe("2026-02");
    expect(usageMonth(new Date("2026-12-31T23:30:00-02:00"))).toBe("2027-01");
  });
});

describe("getUsageSummary", () => {
  it("counts this month's successful runs against the plan", async () => {
    const user = await createTestUser();
    await db.user.update({ where: { id: user.id }, data: { plan: "pro" } });
    const now = new Date("2026-05-15T12:00:00Z");
    await db.monthlyUsage.createMany({
      data: [
        { userId: user.id, month: "2026-04", successfulRuns: 900 },
        { userId: user.id, month: "2026-05", successfulRuns: 42 },
      ],
    });
    expect(await getUsageSummary(user.id, now)).toEqual({
      plan: "pro",
      month: "2026-05",
      successful_runs: 42,
      monthly_quota: PLANS.pro.monthlyRuns,
      requests_per_minute: PLANS.pro.requestsPerMinute,
      concurrent_runs: PLANS.pro.concurrentRuns,
    });
  });

  it("starts every month at zero", async () => {
    const user = await createTestUser();
    expect(await getUsageSummary(user.id, new Date("2026-06-01T00:00:00Z"))).toMatchObject({
      plan: "free",
      month: "2026-06",
      successful_runs: 0,
      monthly_quota: PLANS.free.monthlyRuns,
    });
  });
});
