import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { createTestUser } from "@/test/support/users";
import { isResultRetained, purgeExpiredResults } from "./retention";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("run result retention", () => {
  it("keeps items for 7 days", () => {
    const now = new Date("2026-05-08T12:00:00Z");
    expect(isResultRetained(new Date("2026-05-01T12:00:01Z"), now)).toBe(true);
    expect(isResultRetained(new Date("2026-05-01T12:00:00Z"), now)).toBe(false);
  });

  it("purges the items of older runs and keeps their records", async () => {
    const user = await createTestUser();
    const scraper = await db.scraper.findFirstOrThrow();
    const now = new Date();
    const make = (ageMs: number) =>
      db.scraperRun.create({
        data: {
          userId: user.id,
          scraperId: scraper.id,
          url: "https://example.com",
          status: "success",
          itemCount: 1,
          resultData: "[]",
          createdAt: new Date(now.getTime() - ageMs),
        },
      });
    const old = await make(8 * DAY_MS);
    const fresh = await make(6 * DAY_MS);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    await db.runScreenshot.createMany({ data: [old, fresh].map((run) => ({ runId: run.id, png })) });
    expect(await purgeExpiredResults(now)).toBeGreaterThanOrEqual(1);
    // The screenshot goes with the items; a fresh run keeps its own.
    expect(await db.runScreenshot.findUnique({ where: { runId: old.id } })).toBeNull();
    expect((await db.runScreenshot.findUniqueOrThrow({ where: { runId: fresh.id } })).png).toEqual(png);
    expect(await db.scraperRun.findUniqueOrThrow({ where: { id: old.id } })).toMatchObject({ resultData: null, itemCount: 1 });
    expect(await db.scraperRun.findUniqueOrThrow({ where: { id: fresh.id } })).toMatchObject({ resultData: "[]" });
  });
});
