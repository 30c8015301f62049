import { expect, test } from "@playwright/test";

// The catalogue endpoints on the built app (route-level cases live in the vitest route tests).
test("the catalogue API answers JSON over HTTP", async ({ request }) => {
  const list = await request.get("/api/scrapers");
  expect(list.status()).toBe(200);
  const scrapers = await list.json();
  expect(scrapers.length).toBeGreaterThanOrEqual(6);

  const one = await request.get(`/api/scrapers/${scrapers[0].id}`);
  expect(one.status()).toBe(200);
  expect(await one.json()).toMatchObject({ id: scrapers[0].id, parameters: { url: expect.any(String) } });

  const missing = await request.get("/api/scrapers/abc");
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toMatchObject({ code: "not_found", message: "Scraper not found" });

  const found = await request.get("/api/search?q=restaurant");
  expect((await found.json()).map((scraper: { name: string }) => scraper.name)).toContain("Restaurant Directory");

  const blank = await request.get("/api/search?q=%20");
  expect(blank.status()).toBe(400);
  expect((await blank.json()).message).toBe("q: The search query must not be blank");
});
