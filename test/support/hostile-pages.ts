// Pathological pages any API key could submit, generated on demand: the fixture server serves them at
// /hostile/<name>?n=<size>, the isolation benchmark and the run tests submit them.

/** `n` nested <div>s around a product heading. */
export function deepDomPage(n: number): string {
  return `<!doctype html><html><body>${"<div>".repeat(n)}<h1>Deep</h1>${"</div>".repeat(n)}</body></html>`;
}

/** A JSON-LD block nested `n` arrays deep. */
export function deepJsonLdPage(n: number): string {
  const json = `{"@context":"https://schema.org","@type":"Product","name":"Deep","offers":${"[".repeat(n)}1${"]".repeat(n)}}`;
  return `<!doctype html><html><head><script type="application/ld+json">${json}</script></head><body><h1>Deep</h1></body></html>`;
}

/** One text node of `n` megabytes. */
export function bigTextPage(n: number): string {
  return `<!doctype html><html><body><h1>Big</h1><p>${"lorem ipsum ".repeat(Math.floor((n * 1024 * 1024) / 12))}</p></body></html>`;
}

/** `n` product cards, each with its own price and rating: slow to extract, but a real page shape. */
export function manyCardsPage(n: number): string {
  const card = (i: number) =>
    `<div class="product-card"><h2><a href="/p/${i}">Item ${i}</a></h2><span class="price">$${i}.99</span><span class="rating">4.${i % 10} out of 5</span></div>`;
  return `<!doctype html><html><body><main>${Array.from({ length: n }, (_, i) => card(i)).join("")}</main></body></html>`;
}

export const HOSTILE_PAGES: Record<string, { make: (n: number) => string; defaultSize: number }> = {
  "deep-dom": { make: deepDomPage, defaultSize: 100_000 },
  "deep-json-ld": { make: deepJsonLdPage, defaultSize: 60_000 },
  "big-text": { make: bigTextPage, defaultSize: 4 },
  "many-cards": { make: manyCardsPage, defaultSize: 20_000 },
};
