import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readLocaleNumber } from "./numbers";
import { currencyFor, decimalMarkOf, minorDigitsOf, pageCountry, readAmount, readPrice } from "./price";

// Locales and the currencies their pages show: their own, and the foreign ones shops often list in.
const LOCALES: [string, string][] = [
  ["en-US", "USD"],
  ["en-GB", "GBP"],
  ["en-IN", "INR"],
  ["en-CA", "CAD"],
  ["fr-CA", "CAD"],
  ["en-AU", "AUD"],
  ["en-NZ", "NZD"],
  ["en-SG", "SGD"],
  ["de-DE", "EUR"],
  ["de-AT", "EUR"],
  ["de-CH", "CHF"],
  ["fr-CH", "CHF"],
  ["fr-FR", "EUR"],
  ["es-ES", "EUR"],
  ["es-AR", "ARS"],
  ["es-MX", "MXN"],
  ["es-CL", "CLP"],
  ["es-CO", "COP"],
  ["es-PE", "PEN"],
  ["it-IT", "EUR"],
  ["pt-BR", "BRL"],
  ["pt-PT", "EUR"],
  ["nl-NL", "EUR"],
  ["ru-RU", "RUB"],
  ["uk-UA", "UAH"],
  ["kk-KZ", "KZT"],
  ["pl-PL", "PLN"],
  ["cs-CZ", "CZK"],
  ["hu-HU", "HUF"],
  ["ro-RO", "RON"],
  ["bg-BG", "BGN"],
  ["sv-SE", "SEK"],
  ["da-DK", "DKK"],
  ["nb-NO", "NOK"],
  ["fi-FI", "EUR"],
  ["tr-TR", "TRY"],
  ["he-IL", "ILS"],
  ["ja-JP", "JPY"],
  ["ko-KR", "KRW"],
  ["zh-CN", "CNY"],
  ["zh-TW", "TWD"],
  ["zh-HK", "HKD"],
  ["th-TH", "THB"],
  ["vi-VN", "VND"],
  ["id-ID", "IDR"],
  ["ms-MY", "MYR"],
  ["en-PH", "PHP"],
  ["en-ZA", "ZAR"],
  ["en-NG", "NGN"],
  ["en-KW", "KWD"],
  ["en-BH", "BHD"],
];
const FOREIGN = ["USD", "EUR", "GBP"];

const pricedLocale = fc
  .constantFrom(...LOCALES)
  .chain(([lang, own]) => fc.tuple(fc.constant(lang), fc.constantFrom(own, ...FOREIGN)))
  .chain(([lang, currency]) => {
    const digits = shownDigits(lang, currency);
    // An amount in the minor units the locale shows, from one to ten million.
    return fc.tuple(fc.constant(lang), fc.constant(currency), fc.integer({ min: 1, max: 10_000_000 * 10 ** digits }));
  });

/** The fraction digits a locale shows for a currency (id-ID shows none for IDR, though ISO 4217 says two). */
function shownDigits(lang: string, currency: string): number {
  return new Intl.NumberFormat(lang, { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

describe("readPrice: prices as Intl writes them in every locale", () => {
  it("reads back the amount, its decimal string and the currency from the page's language and country", () => {
    fc.assert(
      fc.property(pricedLocale, ([lang, currency, minor]) => {
        const digits = shownDigits(lang, currency);
        const amount = minor / 10 ** digits;
        const written = new Intl.NumberFormat(lang, { style: "currency", currency }).format(amount);
        const reading = readPrice(written, { locale: { lang } });
        expect(reading, written).not.toBeNull();
        expect(reading?.currency, written).toBe(currency);
        expect(reading?.amount, written).toBeCloseTo(amount, digits);
        expect(reading?.decimal, written).toBe(amount.toFixed(digits));
        // What was read is in the text as written, and reads back the same.
        expect(written.replace(/[\u200e\u200f\u061c]/g, "")).toContain(reading?.raw);
        expect(readPrice(reading?.raw, { locale: { lang } })?.amount).toBe(reading?.amount);
      }),
      { numRuns: 2000 },
    );
  });

  it("reads the same price inside a sentence and after a label", () => {
    fc.assert(
      fc.property(
        pricedLocale,
        fc.constantFrom("Price: ", "Our price ", "Jetzt nur ", "Prix : ", "价格："),
        ([lang, currency, minor], label) => {
          const digits = shownDigits(lang, currency);
          const written = new Intl.NumberFormat(lang, { style: "currency", currency }).format(minor / 10 ** digits);
          const reading = readPrice(`${label}${written} incl. VAT`, { locale: { lang } });
          expect(reading?.currency).toBe(currency);
          expect(reading?.decimal).toBe((minor / 10 ** digits).toFixed(digits));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("never throws and never reads a negative or non-finite amount from any text", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 60 }),
        fc.constantFrom(null, "en-US", "de-DE", "sv", "es-AR"),
        (text, lang) => {
          const reading = readPrice(text, { allowBare: true, locale: { lang } });
          if (reading) {
            expect(Number.isFinite(reading.amount)).toBe(true);
            expect(reading.amount).toBeGreaterThanOrEqual(0);
            expect(Number(reading.decimal)).toBeCloseTo(reading.amount, 6);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("readPrice: what the locale decides", () => {
  it.each([
    // A "$" is the country's own dollar (page language region, og:locale or country domain), USD elsewhere.
    ["$ 3.499", { lang: "es-AR" }, "ARS", "3499"],
    ["$1,299.99", { lang: "en-US" }, "USD", "1299.99"],
    ["$1,299.99", { lang: "en", country: "CA" }, "CAD", "1299.99"],
    ["US$ 1.299", { lang: "es-AR" }, "USD", "1299"],
    ["$49", { currency: "AUD" }, "AUD", "49"],
    // "kr" is the Nordic crowns; which one, the country or the language says.
    ["1 234,50 kr", { lang: "sv" }, "SEK", "1234.50"],
    ["kr 1 234,50", { lang: "nb-NO" }, "NOK", "1234.50"],
    ["1.234,50 kr.", { lang: "da-DK" }, "DKK", "1234.50"],
    ["¥1,234.50", { lang: "zh-CN" }, "CNY", "1234.50"],
    ["¥1,234", { lang: "ja" }, "JPY", "1234"],
    ["Rs 1,235", { lang: "en-PK" }, "PKR", "1235"],
    ["Rs. 1,29,999", { lang: "en-IN" }, "INR", "129999"],
    ["R 1 234,50", { lang: "en-ZA" }, "ZAR", "1234.50"],
    // Three digits after a single mark group thousands, unless the currency has three minor digits.
    ["KWD 1.250", { lang: "en" }, "KWD", "1.250"],
    ["1.250 €", { lang: "de" }, "EUR", "1250"],
    ["12,- €", { lang: "de" }, "EUR", "12"],
    // A range with one sign at its end: its first amount, in that currency.
    ["352,00 – 376,45 б.р.", { lang: "ru-RU" }, "BYN", "352.00"],
    ["$10 - $20", { lang: "en-US" }, "USD", "10"],
    ["CHF 1'299.–", { lang: "de-CH" }, "CHF", "1299"],
  ])("reads %s on a page with %o as %s %s", (text, locale, currency, decimal) => {
    expect(readPrice(text, { locale })).toMatchObject({ currency, decimal });
  });

  it("keeps what the page wrote: the price and the currency as shown", () => {
    expect(readPrice("Now only 1.299,00 € incl. VAT", { locale: { lang: "de" } })).toEqual({
      amount: 1299,
      decimal: "1299.00",
      currency: "EUR",
      raw: "1.299,00 €",
      currencyRaw: "€",
    });
    expect(readPrice("44 890 тг.")).toMatchObject({ raw: "44 890 тг.", currencyRaw: "тг.", currency: "KZT" });
  });

  it("does not take letters inside words for a currency", () => {
    expect(readPrice("Mrs 12 rooms")).toBeNull();
    expect(readPrice("12 kraft paper bags")).toBeNull();
    expect(readPrice("R 12 size", { locale: { lang: "en-US" } })).toBeNull();
    expect(readPrice("ALL 200 items")).toBeNull();
  });

  it("reads structured-data amounts as plain decimals, the string as given", () => {
    expect(readAmount("1299.000")).toMatchObject({ amount: 1299, decimal: "1299.000", raw: "1299.000" });
    expect(readAmount("48,00")).toMatchObject({ amount: 48, decimal: "48.00", raw: "48,00" });
    expect(readAmount(17.99)).toMatchObject({ amount: 17.99, decimal: "17.99" });
    expect(readAmount("free")).toBeNull();
  });
});

describe("locale helpers", () => {
  it("reads a page's country from its language, og:locale or country domain", () => {
    expect(pageCountry("es-AR", null, "https://shop.example/")).toBe("AR");
    expect(pageCountry("es", "es_MX", "https://shop.example/")).toBe("MX");
    expect(pageCountry(null, null, "https://shop.example.co.uk/p/1")).toBe("GB");
    expect(pageCountry(null, null, "https://tienda.example.com.ar/p/1")).toBe("AR");
    expect(pageCountry(null, null, "https://startup.example.io/p/1")).toBeNull();
  });

  it("knows decimal marks and minor digits from the runtime's locale data", () => {
    expect(decimalMarkOf("de-DE")).toBe(",");
    expect(decimalMarkOf("en")).toBe(".");
    expect(decimalMarkOf("not a tag!")).toBeNull();
    expect(minorDigitsOf("JPY")).toBe(0);
    expect(minorDigitsOf("KWD")).toBe(3);
    expect(minorDigitsOf("EUR")).toBe(2);
    expect(currencyFor("$", { currency: "CAD" })).toBe("CAD");
    expect(currencyFor("kr")).toBeNull();
  });

  it("reads numbers with the locale's hints", () => {
    expect(readLocaleNumber("1.250", { decimalMark: ".", minorDigits: 3 })).toEqual({ value: 1.25, decimal: "1.250" });
    expect(readLocaleNumber("1.250", { decimalMark: ",", minorDigits: 3 })).toEqual({ value: 1250, decimal: "1250" });
    expect(readLocaleNumber("0012,5")).toEqual({ value: 12.5, decimal: "12.5" });
  });
});
