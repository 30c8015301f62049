import { applyPatch } from "diff";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalValue, compareCheck, compareItems, compareUrl, fieldChanges, type Item } from "./compare";
import { diffMarkdown, normalizeMarkdown } from "./text-diff";

// Items shaped like the extractors' (lib/scrapers/types.ts): scalars, nulls, a nested object, an array.
const scalar = fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: -1000, max: 100_000 }), fc.constant(null));
const itemArbitrary: fc.Arbitrary<Item> = fc.record({
  title: fc.option(fc.string({ maxLength: 20 }), { nil: null }),
  price: fc.option(
    fc.integer({ min: 0, max: 1_000_000 }).map((cents) => cents / 100),
    { nil: null },
  ),
  availability: fc.constantFrom("InStock", "OutOfStock", null),
  sku: scalar,
  salary: fc.option(fc.record({ min: scalar, max: scalar, currency: fc.constantFrom("EUR", "USD") }), { nil: null }),
  opening_hours: fc.option(fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }), { nil: null }),
});
const itemsArbitrary = fc.array(itemArbitrary, { maxLength: 12 });
/** Items with distinct urls, as a listing page's are. */
const keyedItemsArbitrary = fc
  .uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 12 })
  .chain((ids) => fc.tuple(...ids.map((id) => itemArbitrary.map((item) => ({ ...item, url: `https://shop.test/p/${id}` })))));

function shuffled<T>(values: readonly T[], seed: number): T[] {
  const copy = [...values];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

const summary = (changes: ReturnType<typeof compareItems>["changes"]) => ({
  added: changes.filter((change) => change.kind === "added").length,
  removed: changes.filter((change) => change.kind === "removed").length,
  changed: changes.filter((change) => change.kind === "changed").length,
});

describe("comparing values", () => {
  it("compares numbers as numbers, whatever text they came as; leaves codes with leading zeros as text", () => {
    expect(fieldChanges({ price: "19.90" }, { price: "19.9" })).toEqual([]);
    expect(fieldChanges({ price: 19.9 }, { price: "19.90" })).toEqual([]);
    expect(fieldChanges({ price: 19.9 }, { price: 21 })).toEqual([{ field: "price", before: 19.9, after: 21 }]);
    expect(fieldChanges({ sku: "007" }, { sku: "7" })).toEqual([{ field: "sku", before: "007", after: "7" }]);
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: 0, max: 4 }), (cents, zeros) => {
        const value = cents / 100;
        const text = `${value.toFixed(2)}${"0".repeat(zeros)}`;
        expect(fieldChanges({ price: value }, { price: text })).toEqual([]);
      }),
    );
  });

  it("reports each changed field, dotted into objects, absent and null alike, whitespace runs alike", () => {
    expect(
      fieldChanges(
        { title: "Desk  lamp ", salary: { min: 1, max: 2 }, brand: null, tags: ["a"] },
        { title: "Desk lamp", salary: { min: 1, max: 3 }, tags: ["a", "b"] },
      ),
    ).toEqual([
      { field: "salary.max", before: 2, after: 3 },
      { field: "tags", before: ["a"], after: ["a", "b"] },
    ]);
  });

  it("counts only the fields asked for", () => {
    const before = { price: 10, description: "old", salary: { min: 1 } };
    const after = { price: 10, description: "new", salary: { min: 2 } };
    expect(fieldChanges(before, after, ["price"])).toEqual([]);
    expect(fieldChanges(before, after, ["salary"]).map((change) => change.field)).toEqual(["salary.min"]);
  });
});

describe("comparing items (properties)", () => {
  it("finds nothing between a list and itself", () => {
    fc.assert(
      fc.property(itemsArbitrary, (items) => {
        expect(compareItems(items, structuredClone(items))).toEqual({ changes: [], unchanged: items.length });
      }),
    );
  });

  it("finds nothing when only the order changed, keyed or not", () => {
    fc.assert(
      fc.property(fc.oneof(itemsArbitrary, keyedItemsArbitrary), fc.integer({ min: 1, max: 2 ** 30 }), (items, seed) => {
        expect(compareItems(items, shuffled(items, seed)).changes).toEqual([]);
      }),
    );
  });

  it("is symmetric: added and removed swap, changed items stay changed", () => {
    fc.assert(
      fc.property(keyedItemsArbitrary, keyedItemsArbitrary, (a, b) => {
        const [forward, backward] = [summary(compareItems(a, b).changes), summary(compareItems(b, a).changes)];
        expect(backward).toEqual({ added: forward.removed, removed: forward.added, changed: forward.changed });
      }),
    );
  });

  it("finds one field change of one keyed item among reordered others, with its before and after", () => {
    fc.assert(
      fc.property(
        keyedItemsArbitrary,
        fc.nat(),
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.integer({ min: 1, max: 99_999 }),
        (items, pick, seed, newCents) => {
          const index = pick % items.length;
          const target = items[index] as Item;
          const newPrice = (target.price === null ? 0 : (target.price as number)) + newCents / 100;
          const after = shuffled(
            items.map((item, i) => (i === index ? { ...item, price: newPrice } : item)),
            seed,
          );
          expect(compareItems(items, after).changes).toEqual([
            {
              kind: "changed",
              key: `url=${target.url}`,
              changes: [{ field: "price", before: target.price, after: newPrice }],
            },
          ]);
        },
      ),
    );
  });

  it("tells added and removed items apart from changed ones by their key", () => {
    const before = [
      { url: "https://shop.test/a", price: 1 },
      { url: "https://shop.test/b", price: 2 },
    ];
    const after = [
      { url: "https://shop.test/c", price: 3 },
      { url: "https://shop.test/a", price: 1.5 },
    ];
    expect(compareItems(before, after)).toEqual({
      unchanged: 0,
      changes: [
        { kind: "added", key: "url=https://shop.test/c", item: after[0] },
        { kind: "changed", key: "url=https://shop.test/a", changes: [{ field: "price", before: 1, after: 1.5 }] },
        { kind: "removed", key: "url=https://shop.test/b", item: before[1] },
      ],
    });
  });

  it("pairs items without a usable key by position", () => {
    const before = [
      { title: "Same", price: 1 },
      { title: "Same", price: 2 },
    ];
    const after = [
      { title: "Same", price: 1 },
      { title: "Same", price: 3 },
      { title: "Same", price: 4 },
    ];
    expect(compareItems(before, after)).toEqual({
      unchanged: 1,
      changes: [
        { kind: "changed", key: "#1", changes: [{ field: "price", before: 2, after: 3 }] },
        { kind: "added", key: "#2", item: after[2] },
      ],
    });
  });
});

describe("comparing Markdown", () => {
  it("finds nothing between a text and itself or a copy with other line endings and trailing spaces", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 30 }), { maxLength: 20 }), (lines) => {
        const text = lines.join("\n");
        expect(diffMarkdown(text, text)).toBeNull();
        expect(diffMarkdown(text, `${lines.map((line) => `${line}  `).join("\r\n")}\n\n`)).toBeNull();
      }),
    );
  });

  it("gives a unified diff that turns the text before into the text after", () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z #*]{0,20}$/), { maxLength: 30 }),
        fc.array(fc.stringMatching(/^[a-z #*]{0,20}$/), { maxLength: 30 }),
        (a, b) => {
          const [before, after] = [a.join("\n"), b.join("\n")];
          const diff = diffMarkdown(before, after);
          if (normalizeMarkdown(before) === normalizeMarkdown(after)) {
            expect(diff).toBeNull();
          } else {
            expect(diff?.patch).not.toBeNull();
            expect(applyPatch(normalizeMarkdown(before), diff?.patch as string)).toBe(normalizeMarkdown(after));
          }
        },
      ),
    );
  });

  it("reports a page rewritten beyond the diff's bound as replaced, with its line counts", () => {
    const page = (word: string) => Array.from({ length: 600 }, (_, i) => `${word} ${i}`).join("\n");
    expect(diffMarkdown(page("old"), page("new"))).toEqual({ patch: null, addedLines: 600, removedLines: 600 });
  });

  it("reads as diff -u does", () => {
    const diff = diffMarkdown("# Lamp\n\nPrice: 19.90\n\nIn stock\n", "# Lamp\n\nPrice: 17.50\n\nIn stock\n");
    expect(diff).toEqual({
      patch: [
        "--- before",
        "+++ after",
        "@@ -1,5 +1,5 @@",
        " # Lamp",
        " ",
        "-Price: 19.90",
        "+Price: 17.50",
        " ",
        " In stock",
        "",
      ].join("\n"),
      addedLines: 1,
      removedLines: 1,
    });
  });
});

describe("comparing a check with the last successful one", () => {
  it("gives each URL its status", () => {
    const ok = (price: number, markdown?: string) => ({ ok: true as const, items: [{ url: "u", price }], markdown });
    const previous = {
      "https://a.test": ok(1),
      "https://b.test": ok(2),
      "https://gone.test": ok(3),
      "https://md.test": ok(4, "x"),
    };
    const current = {
      "https://a.test": ok(1),
      "https://b.test": ok(2.5),
      "https://new.test": ok(5),
      "https://down.test": { ok: false as const, error: { code: "upstream_timeout", message: "timed out" } },
      "https://md.test": ok(4, "y"),
    };
    const result = compareCheck(previous, current);
    expect(result.urls.map(({ url, status }) => [url, status])).toEqual([
      ["https://a.test", "same"],
      ["https://b.test", "changed"],
      ["https://new.test", "new"],
      ["https://down.test", "failed"],
      ["https://md.test", "changed"],
      ["https://gone.test", "removed"],
    ]);
    expect(result.changed).toBe(true);
    expect(result.urls[4]?.markdown?.addedLines).toBe(1);
    expect(compareCheck(previous, previous).changed).toBe(false);
    // A change outside the fields asked for is no change.
    expect(compareUrl("https://b.test", ok(2), ok(2.5), { fields: ["title"] }).status).toBe("same");
    expect(canonicalValue({ b: 1, a: null })).toEqual({ b: 1 });
  });
});
