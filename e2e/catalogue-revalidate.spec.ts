import { expect, test } from "@playwright/test";
import { revalidationTokenFor } from "@/lib/catalogue/revalidation-token";

// The secret the e2e server runs with (playwright.config.ts).
const secret = process.env.AUTH_SECRET ?? "e2e-secret-that-is-long-enough-for-hs256-0123456789";

test("POST /api/catalogue/revalidate renders the catalogue pages again on their next visit", async ({ request }) => {
  // /scrapers/5 is visited by no other test, so nothing renders it in between.
  await request.get("/scrapers/5");
  expect((await request.get("/scrapers/5")).headers()["x-nextjs-cache"]).toBe("HIT");

  const refused = await request.post("/api/catalogue/revalidate", { headers: { authorization: "Bearer wrong" } });
  expect(refused.status()).toBe(401);
  expect((await request.get("/scrapers/5")).headers()["x-nextjs-cache"]).toBe("HIT");

  const res = await request.post("/api/catalogue/revalidate", {
    headers: { authorization: `Bearer ${revalidationTokenFor(secret)}` },
  });
  expect(res.status()).toBe(200);
  expect(res.headers()["cache-control"]).toBe("no-store");
  // Rendered afresh from the database, not served from the cache.
  expect((await request.get("/scrapers/5")).headers()["x-nextjs-cache"]).toBe("MISS");
  expect((await request.get("/scrapers/5")).headers()["x-nextjs-cache"]).toBe("HIT");
});
