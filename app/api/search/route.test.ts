import { describe, expect, it } from "vitest";
import { callHandler } from "@/test/support/requests";
import { GET } from "./route";

async function search(query: string) {
  const res = await callHandler(GET, new Request(`http://localhost/api/search${query}`));
  return { res, body: await res.json() };
}

const names = (body: Array<{ name: string }>) => body.map((scraper) => scraper.name);

describe("GET /api/search", () => {
  it("matches names case-insensitively", async () => {
    const { res, body } = await search("?q=JOB%20listings");
    expect(res.status).toBe(200);
    expect(names(body)).toContain("Job Listings Scraper");
    expect(body[0]).toMatchObject({ endpoint: expect.stringMatching(/^\/api\/scrapers\/\d+\/run$/), users: expect.any(Number) });
  });

  it("matches descriptions", async () => {
    const { body } = await search("?q=headline");
    expect(names(body)).toEqual(["News Article Extractor"]);
  });

  it("matches categories", async () => {
    const { body } = await search("?q=dining");
    expect(names(body)).toEqual(["Restaurant Directory"]);
  });

  it("trims the query", async () => {
    const { body } = await search("?q=%20%20headline%20");
    expect(names(body)).toEqual(["News Article Extractor"]);
  });

  it("answers an empty list when nothing matches", async () => {
    const { res, body } = await search("?q=no-such-scraper-anywhere");
    expect(res.status).toBe(200);
    expect(body).toEqual([]);
  });

  it.each(["%", "_", "\\"])("treats the LIKE wildcard %j as a literal character", async (char) => {
    const { res, body } = await search(`?q=${encodeURIComponent(char)}`);
    expect(res.status).toBe(200);
    expect(body).toEqual([]);
  });

  it("answers 400 when q is missing", async () => {
    const { res, body } = await search("");
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ code: "validation_error", message: "q: A search query is required" });
  });

  it.each(["?q=", "?q=%20%20%20"])("answers 400 when q is blank (%s)", async (query) => {
    const { res, body } = await search(query);
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ code: "validation_error", message: "q: The search query must not be blank" });
  });

  it("answers 400 when q is too long", async () => {
    const { res, body } = await search(`?q=${"a".repeat(101)}`);
    expect(res.status).toBe(400);
    expect(body.message).toBe("q: The search query must be at most 100 characters");
  });
});
