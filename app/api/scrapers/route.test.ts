import { describe, expect, it } from "vitest";
import { CATALOGUE } from "@/lib/catalogue/seed-data";
import { callHandler } from "@/test/support/requests";
import { GET } from "./route";

describe("GET /api/scrapers", () => {
  it("answers 200 with the seeded catalogue in order, as snake_case DTOs", async () => {
    const res = await callHandler(GET, new Request("http://localhost/api/scrapers"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = (await res.json()) as Array<Record<string, unknown>>;
    const seeded = CATALOGUE.map((entry) => body.find((scraper) => scraper.name === entry.name));
    expect(seeded.map((scraper) => scraper?.name)).toEqual(CATALOGUE.map((entry) => entry.name));
    expect(body.map((scraper) => scraper.id)).toEqual([...body.map((scraper) => scraper.id as number)].sort((a, b) => a - b));
    for (const [index, scraper] of seeded.entries()) {
      const entry = CATALOGUE[index];
      expect(Object.keys(scraper ?? {}).sort()).toEqual(
        ["category", "description", "endpoint", "id", "name", "popularity", "required_plan", "updated", "users"].sort(),
      );
      expect(scraper).toMatchObject({
        description: entry?.description,
        category: entry?.category,
        endpoint: `/api/scrapers/${scraper?.id}/run`,
        popularity: entry?.popularity,
        required_plan: entry?.requiredPlan,
      });
      expect(scraper?.users).toBeGreaterThanOrEqual(entry?.baseUsers ?? 0);
      expect(typeof scraper?.updated).toBe("string");
    }
  });
});
