import { afterAll, describe, expect, it } from "vitest";
import { AppError, isAppError } from "@/lib/infra/errors";
import { bigTextPage, deepDomPage, deepJsonLdPage, manyCardsPage } from "@/test/support/hostile-pages";
import { closeExtractionPool, extractInThread } from "./pool";

const product = `<!doctype html><html><head><script type="application/ld+json">
{"@context":"https://schema.org","@type":"Product","name":"Lamp","offers":{"@type":"Offer","price":"19.99","priceCurrency":"EUR"}}
</script></head><body><h1>Lamp</h1></body></html>`;

const task = (html: string) => ({ kind: "product", html, url: "https://shop.example/p/1", includeReviews: false });

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error)).toBe(true);
  return error as { code: string; message: string };
}

afterAll(async () => {
  await closeExtractionPool();
});

describe("extractInThread", () => {
  it("extracts a page in a worker thread", async () => {
    const items = await extractInThread(task(product));
    expect(items).toMatchObject([{ title: "Lamp", price: 19.99, currency: "EUR" }]);
  });

  it("fails a page nested 100,000 elements deep page_too_complex, without overflowing any stack", async () => {
    expect(await failureOf(extractInThread(task(deepDomPage(100_000)), { timeoutMs: 60_000 }))).toMatchObject({
      code: "page_too_complex",
    });
  });

  it("fails JSON-LD nested 60,000 levels deep page_too_complex", async () => {
    expect(await failureOf(extractInThread(task(deepJsonLdPage(60_000))))).toMatchObject({ code: "page_too_complex" });
  });

  it("extracts a page of one 5 MB text node", async () => {
    expect(await extractInThread(task(bigTextPage(5)), { timeoutMs: 60_000 })).toMatchObject([{ title: "Big" }]);
  });

  it("terminates a thread past its deadline with extraction_timeout, and the pool goes on serving", async () => {
    const error = await failureOf(extractInThread(task(manyCardsPage(20_000)), { timeoutMs: 50 }));
    expect(error).toMatchObject({ code: "extraction_timeout", message: expect.stringContaining("0.05 seconds") });
    expect(await extractInThread(task(product))).toHaveLength(1);
  });

  it("terminates a thread when its run is cancelled, rejecting with the signal's reason", async () => {
    const controller = new AbortController();
    const extraction = failureOf(extractInThread(task(manyCardsPage(20_000)), { signal: controller.signal }));
    setTimeout(() => controller.abort(new AppError("cancelled", "The run was cancelled.")), 50);
    expect(await extraction).toMatchObject({ code: "cancelled" });
    expect(await extractInThread(task(product))).toHaveLength(1);
  });
});
