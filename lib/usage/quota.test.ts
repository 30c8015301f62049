import { describe, expect, it } from "vitest";
import { PLANS } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import { AppError } from "@/lib/infra/errors";
import { createTestUser } from "@/test/support/users";
import { releaseRun, reserveRun } from "./quota";
import { usageMonth } from "./summary";

const free = PLANS.free;

async function used(userId: number, month: string) {
  const row = await db.monthlyUsage.findUnique({ where: { userId_month: { userId, month } } });
  return row?.successfulRuns ?? 0;
}

describe("reserveRun / releaseRun", () => {
  it("counts reservations and gives released ones back", async () => {
    const user = await createTestUser();
    const now = new Date();
    const first = await reserveRun(user.id, free, now);
    await reserveRun(user.id, free, now);
    expect(await used(user.id, usageMonth(now))).toBe(2);
    await releaseRun(first);
    expect(await used(user.id, usageMonth(now))).toBe(1);
  });

  it("refuses with quota_exceeded once the month is used up", async () => {
    const user = await createTestUser();
    const month = usageMonth();
    await db.monthlyUsage.create({ data: { userId: user.id, month, successfulRuns: free.monthlyRuns } });
    const error = await reserveRun(user.id, free).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "quota_exceeded" });
    expect(await used(user.id, month)).toBe(free.monthlyRuns);
  });

  it("starts every month afresh and releases into the month it reserved from", async () => {
    const user = await createTestUser();
    await db.monthlyUsage.create({ data: { userId: user.id, month: "2026-01", successfulRuns: free.monthlyRuns } });
    const reservation = await reserveRun(user.id, free, new Date("2026-02-01T00:00:00Z"));
    expect(reservation.month).toBe("2026-02");
    await releaseRun({ userId: user.id, month: "2026-01" });
    expect(await used(user.id, "2026-01")).toBe(free.monthlyRuns - 1);
    expect(await used(user.id, "2026-02")).toBe(1);
  });

  it("never goes below zero", async () => {
    const user = await createTestUser();
    const reservation = await reserveRun(user.id, free);
    await releaseRun(reservation);
    await releaseRun(reservation);
    expect(await used(user.id, reservation.month)).toBe(0);
  });

  it("is exact under 20 parallel reservations near the limit, the row created by the race itself", async () => {
    const user = await createTestUser();
    const plan = { ...free, monthlyRuns: 7 };
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => reserveRun(user.id, plan)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(7);
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(13);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "quota_exceeded" });
    expect(await used(user.id, usageMonth())).toBe(7);
  });

  it("is exact under 20 parallel reservations with 3 runs left", async () => {
    const user = await createTestUser();
    const month = usageMonth();
    await db.monthlyUsage.create({ data: { userId: user.id, month, successfulRuns: free.monthlyRuns - 3 } });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => reserveRun(user.id, free)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(await used(user.id, month)).toBe(free.monthlyRuns);
  });
});
