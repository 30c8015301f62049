import { describe, expect, it } from "vitest";
import { CATALOGUE } from "@/lib/catalogue/seed-data";
import { db } from "@/lib/infra/db";
import { callHandler } from "@/test/support/requests";
import { GET } from "./route";

function get(id: string) {
  return callHandler(GET, new Request(`http://localhost/api/scrapers/${id}`), { id });
}

describe("GET /api/scrapers/{id}", () => {
  it("answers 200 with the scraper, its parameters and example URL", async () => {
    const entry = CATALOGUE[0];
    const row = await db.scraper.findUniqueOrThrow({ where: { slug: entry?.slug } });
    const res = await get(String(row.id));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: row.id,
      name: entry?.name,
      description: entry?.description,
      endpoint: `/api/scrapers/${row.id}/run`,
      popularity: entry?.popularity,
      parameters: entry?.parameters,
      example_url: entry?.exampleUrl,
    });
  });

  it.each(["0", "-1", "abc", "1.5", "1e2", "", "99999999999999999999"])(
    "answers 404 JSON for the malformed id %j",
    async (id) => {
      const res = await get(id);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: "not_found", message: "Scraper not found" });
    },
  );

  it("answers 404 JSON for an id that names no scraper", async () => {
    const { _max } = await db.scraper.aggregate({ _max: { id: true } });
    const res = await get(String((_max.id ?? 0) + 1000));
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body).toMatchObject({ code: "not_found", message: "Scraper not found" });
    expect(body.request_id).toBe(res.headers.get("x-request-id"));
  });
});
