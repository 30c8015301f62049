import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { authorName } from "./bylines";
import { toIsoDate } from "./dates";
import { parseCount, parseLocaleNumber } from "./numbers";
import { normalizeCurrency, parseAmount, parsePrice } from "./price";
import { cleanText, tidyParagraphs } from "./text";
import { squash } from "./titles";

describe("parsePrice", () => {
  it.each([
    ["1.299,00 €", 1299, "EUR"],
    ["$1,299.99", 1299.99, "USD"],
    ["£12", 12, "GBP"],
    ["¥1,200", 1200, "JPY"],
    ["CHF 12.50", 12.5, "CHF"],
    ["1 299,00 €", 1299, "EUR"],
    ["1\u00a0299,00\u00a0€", 1299, "EUR"],
    ["Fr. 1'299.50", 1299.5, "CHF"],
    ["12,50 EUR", 12.5, "EUR"],
    ["US$ 10", 10, "USD"],
    ["CA$54.00", 54, "CAD"],
    ["R$ 1.234,56", 1234.56, "BRL"],
    ["₹2,499", 2499, "INR"],
    ["1 299 zł", 1299, "PLN"],
    ["From $79.00", 79, "USD"],
    ["Was $1,499 now $1,299", 1499, "USD"],
    ["$1.25M", 1250000, "USD"],
    ["€45k", 45000, "EUR"],
    ["Price: 49,95 €", 49.95, "EUR"],
    ["₹1,29,999", 129999, "INR"],
    ["CHF 1'299.–", 1299, "CHF"],
    ["44 890 тг.", 44890, "KZT"],
    ["30,000원~", 30000, "KRW"],
    ["R$ 1.299,00", 1299, "BRL"],
    ["¥1,299", 1299, "JPY"],
  ])("reads %s as %d %s", (text, amount, currency) => {
    expect(parsePrice(text)).toEqual({ amount, currency });
  });

  it("needs a currency unless the text is known to be a price", () => {
    expect(parsePrice("Only 3 left")).toBeNull();
    expect(parsePrice("1.299,00")).toBeNull();
    expect(parsePrice("1.299,00", { allowBare: true })).toEqual({ amount: 1299, currency: null });
    expect(parsePrice("ALL 200 items")).toBeNull();
  });

  it("reads structured-data amounts as plain decimals", () => {
    expect(parseAmount("1299.000")).toBe(1299);
    expect(parseAmount("1.299")).toBe(1.299);
    expect(parseAmount(249.99)).toBe(249.99);
    expect(parseAmount("1.299,00")).toBe(1299);
    expect(parseAmount("free")).toBeNull();
  });

  it("normalises currency codes and symbols to ISO 4217", () => {
    expect(normalizeCurrency("eur")).toBe("EUR");
    expect(normalizeCurrency("€")).toBe("EUR");
    expect(normalizeCurrency("US$")).toBe("USD");
    expect(normalizeCurrency("XYZ")).toBeNull();
  });
});

describe("numbers", () => {
  it.each([
    ["1.299,00", 1299],
    ["1,299.99", 1299.99],
    ["1.299", 1299],
    ["12,50", 12.5],
    ["0.299", 0.299],
    ["1.234.567", 1234567],
    ["1'234'567.5", 1234567.5],
  ])("reads %s", (text, value) => {
    expect(parseLocaleNumber(text)).toBe(value);
  });

  it.each([
    ["12.3K", 12300],
    ["1,2 Mio.", 1200000],
    ["2.1M", 2100000],
    ["3,204", 3204],
    ["977", 977],
    ["1.5k", 1500],
  ])("reads the count %s", (text, value) => {
    expect(parseCount(text)).toBe(value);
  });
});

describe("toIsoDate", () => {
  it.each([
    ["2026-03-02", "2026-03-02"],
    ["2026-03-02T08:30:00+01:00", "2026-03-02T07:30:00.000Z"],
    ["2026-03-02T08:30:00Z", "2026-03-02T08:30:00.000Z"],
    // Offsets as pages write them: "+5.30", "+0530", "+05".
    ["2016-05-14T16:34+5.30", "2016-05-14T11:04:00.000Z"],
    ["2016-05-14T16:34:00+0530", "2016-05-14T11:04:00.000Z"],
    ["2016-05-14T16:34:00+05", "2016-05-14T11:34:00.000Z"],
    // No zone: the page's local time, so only the day is sure.
    ["2026-03-02T23:30:00", "2026-03-02"],
    ["2026-03-02 08:30", "2026-03-02"],
    ["Mar 2, 2026 11:30 PM", "2026-03-02"],
    ["Mar 2, 2026 11:30 PM EST", "2026-03-03T04:30:00.000Z"],
    ["Mon, 02 Mar 2026 23:30:00 GMT", "2026-03-02T23:30:00.000Z"],
    ["March 2, 2026", "2026-03-02"],
    ["2nd March 2026", "2026-03-02"],
    ["Published: 4 June 2026", "2026-06-04"],
  ])("reads %s", (text, iso) => {
    expect(toIsoDate(text)).toBe(iso);
  });

  it("gives null for what is not a date", () => {
    expect(toIsoDate("yesterday")).toBeNull();
    expect(toIsoDate("2026-13-45")).toBeNull();
    expect(toIsoDate("")).toBeNull();
    // Date() alone would read these as 8 September 2001 and 1 May 2001.
    expect(toIsoDate("Score 9.8")).toBeNull();
    expect(toIsoDate("Room 5-1")).toBeNull();
    // No day of the month: Date() would make it the 1st.
    expect(toIsoDate("Brennan in Porto, Portugal, in June 2010")).toBeNull();
    expect(toIsoDate("June 2010")).toBeNull();
  });
});

describe("authorName", () => {
  it.each([
    ["By Jane Doe", "Jane Doe"],
    ["Written by Jane Doe | December 5, 2016", "Jane Doe"],
    ["Author: Jane Doe", "Jane Doe"],
    ["著者：山田 太郎", "山田 太郎"],
    ["文● 岡本／編集部", "岡本／編集部"],
    ["Jane Doe, December 16th 2016", "Jane Doe"],
    ["Written by Rob Ewan Edited by Betty Bay", "Rob Ewan"],
  ])("reads %s as %s", (text, name) => {
    expect(authorName(text)).toBe(name);
  });

  it.each(["Photo by Mateo Ruiz", "Image: Getty", "December 16th 2016", "Read more", "著者"])("finds no name in %s", (text) => {
    expect(authorName(text)).toBeNull();
  });

  it("keeps a name that only starts like a role label", () => {
    expect(authorName("文藝春秋")).toBe("文藝春秋");
  });
});

/** tidyParagraphs as it was written first (split, map, filter, join): the one-pass version must equal it. */
function tidyParagraphsReference(text: string): string | null {
  const paragraphs = text
    .split(/\n[ \t\u00a0]*\n\s*/)
    .map((paragraph) =>
      paragraph
        .split("\n")
        .map((line) => line.replace(/[\s\u00a0\u200b\u202f]+/g, " ").trim())
        .filter(Boolean)
        .join("\n"),
    )
    .filter(Boolean);
  return paragraphs.length ? paragraphs.join("\n\n") : null;
}

describe("tidyParagraphs", () => {
  it("splits paragraphs at blank lines and collapses whitespace in lines", () => {
    expect(tidyParagraphs("\n\n  One  two\n\t\n\nthree\n four \u200b\n\r\nfive\n\u00a0\n")).toBe("One two\n\nthree\nfour\nfive");
    expect(tidyParagraphs(" \n\u200b\n ")).toBeNull();
  });

  it("gives what the split, map and join version gave, for any text", () => {
    const pieces = fc.constantFrom(
      "\n",
      "\n\n",
      " ",
      "\t",
      "\u00a0",
      "\u200b",
      "\u202f",
      "\r",
      "\u2028",
      "\u3000",
      "\v",
      "a",
      "bc",
      "\ufeff",
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (list) => {
        const text = list.join("");
        expect(tidyParagraphs(text)).toBe(tidyParagraphsReference(text));
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(tidyParagraphs(text)).toBe(tidyParagraphsReference(text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("cleanText and squash fast paths", () => {
  const texts = fc
    .array(
      fc.constantFrom(
        " ",
        "  ",
        "\t",
        "\n",
        "\u00a0",
        "\u200b",
        "\u2060",
        "\ufeff",
        "\u3000",
        "\u2028",
        "\u202f",
        "a",
        "É",
        "ß",
        "Ⅻ",
        "ﬁ",
        "1",
        "-",
        "!",
        "A",
      ),
      { maxLength: 20 },
    )
    .map((list) => list.join(""));

  it("cleanText gives what its two replaces and trim gave", () => {
    const reference = (value: string) =>
      value
        .replace(/[\u200b-\u200d\u2060\ufeff]/g, "")
        .replace(/[\s\u00a0\u202f]+/g, " ")
        .trim() || null;
    fc.assert(
      fc.property(fc.oneof(texts, fc.string({ unit: "binary" })), (value) => {
        expect(cleanText(value)).toBe(reference(value));
      }),
      { numRuns: 3000 },
    );
  });

  it("squash gives what NFKC, lower-casing and the Unicode letter-and-digit filter gave", () => {
    const reference = (value: string) =>
      value
        .normalize("NFKC")
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, "");
    fc.assert(
      fc.property(fc.oneof(texts, fc.string({ unit: "binary-ascii" }), fc.string({ unit: "binary" })), (value) => {
        expect(squash(value)).toBe(reference(value));
      }),
      { numRuns: 3000 },
    );
  });
});
