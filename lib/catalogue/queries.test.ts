import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { getScraper, listScrapers, searchScrapers } from "./queries";

// A scraper of this test's own, so runs recorded by other test files never change the counts asserted here.
const tag = randomUUID().slice(0, 8);
let scraperId = 0;
const userIds: number[] = [];

beforeAll(async () => {
  const scraper = await db.scraper.create({
    data: {
      slug: `test-${tag}`,
      name: `Test Scraper ${tag}`,
      description: "Counts distinct runners.",
      category: `Testing ${tag}`,
      kind: "product",
      popularity: "New",
      baseUsers: 40,
      parameters: JSON.stringify({ url: "The page", broken: 3 }),
      exampleUrl: "https://example.com/page",
    },
  });
  scraperId = scraper.id;
  for (const name of ["a", "b", "c"]) {
    const user = await db.user.create({ data: { email: `catalogue-${tag}-${name}@example.com`, passwordHash: "x" } });
    userIds.push(user.id);
  }
  const [a, b] = userIds as [number, number];
  // a runs it three times, b once (failed runs count too: b still used it), c never.
  await db.scraperRun.createMany({
    data: [
      { userId: a, scraperId, url: "https://example.com/1", status: "success" },
      { userId: a, scraperId, url: "https://example.com/2", status: "success" },
      { userId: a, scraperId, url: "https://example.com/3", status: "failed" },
      { userId: b, scraperId, url: "https://example.com/4", status: "failed" },
    ],
  });
  await db.$executeRaw`UPDATE scrapers SET updated_at = ${new Date(Date.now() - 3 * 24 * 3600 * 1000)} WHERE id = ${scraperId}`;
});

afterAll(async () => {
  await db.scraper.delete({ where: { id: scraperId } });
  await db.user.deleteMany({ where: { id: { in: userIds } } });
});

describe("catalogue queries", () => {
  it("counts users as the seeded base plus distinct runners", async () => {
    const scraper = await getScraper(scraperId);
    expect(scraper?.users).toBe(42);
    const listed = (await listScrapers()).find((entry) => entry.id === scraperId);
    expect(listed?.users).toBe(42);
  });

  it("shows updated as relative text", async () => {
    expect((await getScraper(scraperId))?.updated).toBe("3 days ago");
  });

  it("serves only the string parameters of the stored JSON", async () => {
    expect((await getScraper(scraperId))?.parameters).toEqual({ url: "The page" });
  });

  it("finds by category with its user count", async () => {
    const found = await searchScrapers(`TESTING ${tag.toUpperCase()}`);
    expect(found.map((entry) => [entry.id, entry.users])).toEqual([[scraperId, 42]]);
  });

  it("answers null for an unknown id", async () => {
    expect(await getScraper(scraperId + 100_000)).toBeNull();
  });
});
