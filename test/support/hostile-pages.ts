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

/** An article of about `n` megabytes: headings, paragraphs with links and emphasis, lists, as a long real page has. */
export function hugeArticlePage(n: number): string {
  const section = (i: number) =>
    `<h2>Section ${i}</h2><p>Paragraph ${i} has <a href="/s/${i}">a link</a>, <em>emphasis</em> and plain words to read.</p>` +
    `<ul><li>Point ${i}.1</li><li>Point ${i}.2 with <code>code</code></li></ul>`;
  const sections: string[] = [];
  let size = 0;
  for (let i = 0; size < n * 1024 * 1024; i++) {
    const part = section(i);
    sections.push(part);
    size += part.length;
  }
  return `<!doctype html><html><body><article><h1>Huge</h1>${sections.join("")}</article></body></html>`;
}

/** A data table of `n` cells, ten per row, under a header row. */
export function bigTablePage(n: number): string {
  const columns = 10;
  const header = `<tr>${Array.from({ length: columns }, (_, c) => `<th>Column ${c}</th>`).join("")}</tr>`;
  const rows = Array.from(
    { length: Math.ceil(n / columns) },
    (_, r) => `<tr>${Array.from({ length: columns }, (_, c) => `<td>${r}.${c}</td>`).join("")}</tr>`,
  );
  return `<!doctype html><html><body><table><thead>${header}</thead><tbody>${rows.join("")}</tbody></table></body></html>`;
}

/** `n` links to distinct pages, every tenth one nofollow. */
export function manyLinksPage(n: number): string {
  const links = Array.from(
    { length: n },
    (_, i) => `<li><a href="/page/${i}"${i % 10 === 0 ? ' rel="nofollow"' : ""}>Page ${i}</a></li>`,
  );
  return `<!doctype html><html><body><ul>${links.join("")}</ul></body></html>`;
}

/** A list nested `n` levels deep, an item with text at each level. */
export function deepListPage(n: number): string {
  return `<!doctype html><html><body>${"<ul><li>level".repeat(n)}${"</li></ul>".repeat(n)}</body></html>`;
}

/** A table of `n` rows whose every cell claims 1000 columns and `n` rows: its grid would hold a billion cells. */
export function spannedTablePage(n: number): string {
  const row = `<tr><td colspan="1000" rowspan="${n}">cell</td><td colspan="1000">more</td></tr>`;
  return `<!doctype html><html><body><table>${row.repeat(n)}</table></body></html>`;
}

/** `n` short relative links under a 2 KB <base>: each grows 2 KB once made absolute. */
export function longBaseLinksPage(n: number): string {
  const base = `https://example.com/${"long-segment/".repeat(160)}`;
  const links = Array.from({ length: n }, (_, i) => `<a href="${i}">${i}</a> `).join("");
  return `<!doctype html><html><head><base href="${base}"></head><body><p>${links}</p></body></html>`;
}

export const HOSTILE_PAGES: Record<string, { make: (n: number) => string; defaultSize: number }> = {
  "deep-dom": { make: deepDomPage, defaultSize: 100_000 },
  "deep-json-ld": { make: deepJsonLdPage, defaultSize: 60_000 },
  "big-text": { make: bigTextPage, defaultSize: 4 },
  "many-cards": { make: manyCardsPage, defaultSize: 20_000 },
  "huge-article": { make: hugeArticlePage, defaultSize: 5 },
  "big-table": { make: bigTablePage, defaultSize: 100_000 },
  "many-links": { make: manyLinksPage, defaultSize: 50_000 },
  "deep-list": { make: deepListPage, defaultSize: 250 },
  "spanned-table": { make: spannedTablePage, defaultSize: 5_000 },
  "long-base-links": { make: longBaseLinksPage, defaultSize: 10_000 },
};
