import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/api/document";
import { CATALOGUE } from "@/lib/catalogue/seed-data";
import { runResultSchema, scrapedItemSchema } from "@/lib/runs/schema";
import { extractFromHtml } from "@/lib/scrapers/engine";
import { SAMPLE_RUN_RESPONSE } from "./run-sample";

// The sample run answer of the home and scraper pages: the contract's example, which a run could really answer.

const shown = JSON.parse(SAMPLE_RUN_RESPONSE) as { data: Array<Record<string, unknown>> };
const FIXTURE = path.resolve(import.meta.dirname, "../../test/fixtures/sites/product/jsonld.html");

describe("the sample run answer", () => {
  it("is a 200 answer of POST /api/scrapers/{id}/run by the response schema", () => {
    expect(runResultSchema.safeParse(shown).error).toBeUndefined();
    // docs/product.md#scraper-detail: id, status and a data list of items with title, price, description, rating, reviews.
    expect(shown).toMatchObject({ id: expect.any(Number), status: "success" });
    expect(shown.data.length).toBeGreaterThan(0);
    for (const item of shown.data) {
      expect(Object.keys(item)).toEqual(expect.arrayContaining(["title", "price", "description", "rating", "reviews"]));
    }
  });

  it("is the example the served OpenAPI document gives", () => {
    const run = buildOpenApiDocument().paths?.["/api/scrapers/{id}/run"]?.post;
    const answer = run?.responses?.["200"];
    const example = answer && "content" in answer ? answer.content?.["application/json"]?.example : undefined;
    expect(shown).toEqual(example);
  });

  it("has the fields a real run of the sample's scraper yields on a product page", () => {
    // The first catalogue scraper is the one the samples run (api-samples.ts).
    const kind = CATALOGUE[0]?.kind;
    expect(kind).toBe("product");
    const [extracted] = extractFromHtml("product", readFileSync(FIXTURE, "utf8"), "https://shop.example.com/products/x");
    expect(scrapedItemSchema.safeParse(extracted).error).toBeUndefined();
    for (const item of shown.data) expect(Object.keys(item).toSorted()).toEqual(Object.keys(extracted ?? {}).toSorted());
  });
});
