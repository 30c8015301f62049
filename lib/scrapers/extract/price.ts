import { GROUPED_NUMBER, parseLocaleNumber } from "./numbers";

export interface Price {
  amount: number;
  currency: string | null;
}

// Longest first so "US$" wins over "$". Bare "$" is read as USD and "¥" as JPY, the most common uses.
const SYMBOLS: [string, string][] = [
  ["US$", "USD"],
  ["CA$", "CAD"],
  ["AU$", "AUD"],
  ["NZ$", "NZD"],
  ["HK$", "HKD"],
  ["MX$", "MXN"],
  ["CN¥", "CNY"],
  ["C$", "CAD"],
  ["A$", "AUD"],
  ["S$", "SGD"],
  ["R$", "BRL"],
  ["$", "USD"],
  ["€", "EUR"],
  ["£", "GBP"],
  ["¥", "JPY"],
  ["円", "JPY"],
  ["元", "CNY"],
  ["₹", "INR"],
  ["₩", "KRW"],
  ["₽", "RUB"],
  ["₺", "TRY"],
  ["₪", "ILS"],
  ["₫", "VND"],
  ["฿", "THB"],
  ["₱", "PHP"],
  ["₴", "UAH"],
  ["₸", "KZT"],
  ["тг.", "KZT"],
  ["тг", "KZT"],
  ["руб.", "RUB"],
  ["руб", "RUB"],
  ["грн", "UAH"],
  ["원", "KRW"],
  ["Ft", "HUF"],
  ["lei", "RON"],
  ["zł", "PLN"],
  ["Kč", "CZK"],
  ["Fr.", "CHF"],
  ["Rs.", "INR"],
  ["Rs", "INR"],
];
const SYMBOL_CURRENCY = new Map(SYMBOLS.map(([symbol, code]) => [symbol.toLowerCase(), code]));

// ISO codes that are also everyday English words stay out of free-text matching.
const WORD_LIKE_CODES = new Set(["ALL", "TOP", "CUP", "PEN", "BOB", "SOS", "MOP"]);
/** Every ISO 4217 code the runtime knows, listed once: Intl.supportedValuesOf builds a new array per call. */
const ALL_ISO_CODES: ReadonlySet<string> = new Set(Intl.supportedValuesOf("currency"));
const ISO_CODES = new Set([...ALL_ISO_CODES].filter((code) => !WORD_LIKE_CODES.has(code)));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const CURRENCY = `(?:\\b[A-Z]{3}(?![A-Za-z])|${SYMBOLS.map(([symbol]) => escapeRegExp(symbol)).join("|")})`;
const AMOUNT = `(${GROUPED_NUMBER})(?:([kKM])(?![A-Za-z\\u00C0-\\u024F]))?`;
const BEFORE = new RegExp(`(${CURRENCY})\\s?${AMOUNT}`, "g");
const AFTER = new RegExp(`${AMOUNT}\\s?(${CURRENCY})`, "g");
const BARE = new RegExp(`${AMOUNT}`);

// Countries whose own currency is written with a bare "$" or "¥" (page language region → ISO code).
const LOCAL_DOLLARS: Record<string, string> = {
  AR: "ARS",
  AU: "AUD",
  CA: "CAD",
  CL: "CLP",
  CO: "COP",
  HK: "HKD",
  MX: "MXN",
  NZ: "NZD",
  SG: "SGD",
  TW: "TWD",
  UY: "UYU",
};
const LOCAL_YEN: Record<string, string> = { CN: "CNY" };

/**
 * The currency a bare "$" or "¥" stands for on a page in `lang` ("es-AR" → ARS): parsePrice reads them as
 * USD and JPY, right for most pages but not for the countries that write their own currency that way.
 * A price written with its code ("US$", "USD") keeps it.
 */
export function localCurrency(currency: string | null, written: string, lang: string | null): string | null {
  const region = lang ? /^[a-z]{2,3}[-_]([a-z]{2})\b/i.exec(lang)?.[1]?.toUpperCase() : undefined;
  if (!region || !currency) return currency;
  if (currency === "USD" && !/US\$|USD/i.test(written)) return LOCAL_DOLLARS[region] ?? currency;
  if (currency === "JPY" && !/JPY|円/.test(written)) return LOCAL_YEN[region] ?? currency;
  return currency;
}

/** An ISO 4217 code for a code or symbol as written ("eur", "€", "US$"), or null. */
export function normalizeCurrency(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim();
  const upper = text.toUpperCase();
  if (/^[A-Z]{3}$/.test(upper) && ALL_ISO_CODES.has(upper)) return upper;
  return SYMBOL_CURRENCY.get(text.toLowerCase()) ?? null;
}

/**
 * The first price in a text with its currency: "1.299,00 €" → 1299 EUR, "$1,299.99" → 1299.99 USD,
 * "CHF 12.50" → 12.5 CHF, "£1.2M" → 1200000 GBP. A number without a currency counts only when
 * `allowBare` is set (the text is already known to be a price, e.g. an element with class "price").
 */
export function parsePrice(text: string | null | undefined, { allowBare = false } = {}): Price | null {
  if (!text) return null;
  const candidates: { index: number; amount: string; suffix?: string; currency: string }[] = [];
  for (const match of text.matchAll(BEFORE)) {
    candidates.push({ index: match.index, currency: match[1] ?? "", amount: match[2] ?? "", suffix: match[3] });
  }
  for (const match of text.matchAll(AFTER)) {
    candidates.push({ index: match.index, amount: match[1] ?? "", suffix: match[2], currency: match[3] ?? "" });
  }
  const priced = candidates
    .map((candidate) => ({ ...candidate, code: currencyCode(candidate.currency) }))
    .filter((candidate) => candidate.code)
    .sort((a, b) => a.index - b.index)[0];
  if (priced) return amountOf(priced.amount, priced.suffix, priced.code);
  if (!allowBare) return null;
  const bare = BARE.exec(text);
  return bare?.[1] ? amountOf(bare[1], bare[2], null) : null;
}

function currencyCode(written: string): string | null {
  if (/^[A-Z]{3}$/.test(written)) return ISO_CODES.has(written) ? written : null;
  return SYMBOL_CURRENCY.get(written.toLowerCase()) ?? null;
}

function amountOf(raw: string, suffix: string | undefined, currency: string | null): Price | null {
  const number = parseLocaleNumber(raw);
  if (number === null) return null;
  const multiplier = suffix ? (suffix.toLowerCase() === "k" ? 1e3 : 1e6) : 1;
  return { amount: Math.round(number * multiplier * 100) / 100, currency };
}

/**
 * A price given as a bare value with the currency given apart, as structured data does: schema.org's
 * "1299.000" is a plain decimal, while a page's own "1.299,00" is read with grouping rules.
 */
export function parseAmount(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  const price = parsePrice(value, { allowBare: true });
  return price?.amount ?? null;
}
