import { GROUPED_NUMBER, type NumberHints, readLocaleNumber } from "./numbers";

// Prices as pages write them, read the way the price-parser rules do (a currency sign or code beside a
// number; the number's marks read with the page's locale), re-implemented here: the amount, its plain
// decimal string, the currency as an ISO 4217 code, and both as written.

export interface Price {
  amount: number;
  currency: string | null;
}

/** A price with what it was read from: what items carry as price, price_decimal, price_raw and currency_raw. */
export interface PriceReading extends Price {
  /** The amount as a plain decimal string, fraction digits as written: "1.299,00 €" → "1299.00". */
  decimal: string;
  /** The amount and its currency as the page writes them: "1.299,00 €", "$1,299.99", "30,000원". */
  raw: string;
  /** The currency as written ("€", "US$", "тг.", "EUR"); null when the text names none. */
  currencyRaw: string | null;
}

/**
 * What the page tells about how it writes prices: its language ("es-AR", "de"), its country (from the
 * language's region, og:locale or the address's country domain) and a currency it already states
 * (structured data's priceCurrency), which resolves a "$" or "kr" written beside the number.
 */
export interface PriceLocale {
  lang?: string | null;
  country?: string | null;
  currency?: string | null;
}

/**
 * Signs and local codes, longest first so "US$" wins over "$". A sign several currencies share reads as
 * the first (most common) one unless the country says otherwise (LOCAL_SIGNS).
 */
const SYMBOLS: [string, string | null][] = [
  ["$ US", "USD"],
  ["$US", "USD"],
  ["$ CA", "CAD"],
  ["$CA", "CAD"],
  ["$ AU", "AUD"],
  ["$AU", "AUD"],
  ["US$", "USD"],
  ["щ.д.", "USD"],
  ["CA$", "CAD"],
  ["AU$", "AUD"],
  ["NZ$", "NZD"],
  ["HK$", "HKD"],
  ["MX$", "MXN"],
  ["NT$", "TWD"],
  ["RD$", "DOP"],
  ["CN¥", "CNY"],
  ["бел. руб.", "BYN"],
  ["б.р.", "BYN"],
  ["руб.", "RUB"],
  ["грн.", "UAH"],
  ["SFr.", "CHF"],
  ["KSh", "KES"],
  ["C$", "CAD"],
  ["A$", "AUD"],
  ["S$", "SGD"],
  ["R$", "BRL"],
  ["S/", "PEN"],
  ["$", "USD"],
  ["€", "EUR"],
  ["£", "GBP"],
  ["¥", "JPY"],
  ["￥", "JPY"],
  ["円", "JPY"],
  ["元", "CNY"],
  ["₹", "INR"],
  ["₩", "KRW"],
  ["원", "KRW"],
  ["₽", "RUB"],
  ["₺", "TRY"],
  ["₪", "ILS"],
  ["₫", "VND"],
  ["฿", "THB"],
  ["₱", "PHP"],
  ["₴", "UAH"],
  ["₸", "KZT"],
  ["₦", "NGN"],
  ["₵", "GHS"],
  ["₲", "PYG"],
  ["₾", "GEL"],
  ["₼", "AZN"],
  ["₨", "INR"],
  ["тг.", "KZT"],
  ["тг", "KZT"],
  ["руб", "RUB"],
  ["грн", "UAH"],
  ["лв.", "BGN"],
  ["лв", "BGN"],
  ["Ft", "HUF"],
  ["lei", "RON"],
  ["zł", "PLN"],
  ["Kč", "CZK"],
  ["kr.", null],
  ["kr", null],
  ["Fr.", "CHF"],
  ["Rs.", "INR"],
  ["Rs", "INR"],
  ["Rp", "IDR"],
  ["RM", "MYR"],
  ["R", null],
];
const SYMBOL_CURRENCY = new Map(SYMBOLS.map(([symbol, code]) => [symbol.toLowerCase(), code]));
/** How a sign is looked up: lower-cased, any space inside it ("$\u00a0US") a plain one. */
const signKey = (written: string) => written.toLowerCase().replace(/\s+/g, " ");

/** Signs several countries use for their own currency: sign → country → ISO code. */
const LOCAL_SIGNS: Record<string, Record<string, string>> = {
  $: {
    AR: "ARS",
    AU: "AUD",
    BS: "BSD",
    BZ: "BZD",
    CA: "CAD",
    CL: "CLP",
    CO: "COP",
    CU: "CUP",
    DO: "DOP",
    FJ: "FJD",
    HK: "HKD",
    JM: "JMD",
    MX: "MXN",
    NA: "NAD",
    NZ: "NZD",
    SG: "SGD",
    TT: "TTD",
    TW: "TWD",
    UY: "UYU",
  },
  "¥": { CN: "CNY" },
  "￥": { CN: "CNY" },
  kr: { SE: "SEK", NO: "NOK", DK: "DKK", IS: "ISK", FO: "DKK", GL: "DKK" },
  "kr.": { SE: "SEK", NO: "NOK", DK: "DKK", IS: "ISK", FO: "DKK", GL: "DKK" },
  rs: { PK: "PKR", LK: "LKR", NP: "NPR", MU: "MUR" },
  "rs.": { PK: "PKR", LK: "LKR", NP: "NPR", MU: "MUR" },
  "₨": { PK: "PKR", LK: "LKR", NP: "NPR", MU: "MUR" },
  r: { ZA: "ZAR" },
};
/** A country's language when the page names only the language ("sv" → SE): for the "kr" family. */
const LANGUAGE_COUNTRY: Record<string, string> = { sv: "SE", nb: "NO", nn: "NO", no: "NO", da: "DK", is: "IS" };

// ISO codes that are also everyday English words stay out of free-text matching.
const WORD_LIKE_CODES = new Set(["ALL", "TOP", "CUP", "PEN", "BOB", "SOS", "MOP"]);
/** Every ISO 4217 code the runtime knows, listed once: Intl.supportedValuesOf builds a new array per call. */
const ALL_ISO_CODES: ReadonlySet<string> = new Set(Intl.supportedValuesOf("currency"));
const ISO_CODES = new Set([...ALL_ISO_CODES].filter((code) => !WORD_LIKE_CODES.has(code)));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Latin and Cyrillic letters: a sign spelled with them must stand apart from words ("12 kraft", "Mrs 12"). */
const WORD_LETTER = "[A-Za-z\\u00C0-\\u024F\\u0400-\\u04FF]";
const symbolPattern = (symbol: string) => {
  const escaped = escapeRegExp(symbol).replace(" ", "\\s");
  const lettersBefore = /^[A-Za-z\u0400-\u04FF]/.test(symbol) ? `(?<!${WORD_LETTER})` : "";
  const lettersAfter = /[A-Za-z\u0400-\u04FF]$/.test(symbol) ? `(?!${WORD_LETTER})` : "";
  return `${lettersBefore}${escaped}${lettersAfter}`;
};
const CURRENCY = `(?:(?<!${WORD_LETTER})[A-Z]{3}(?!${WORD_LETTER})|${SYMBOLS.map(([symbol]) => symbolPattern(symbol)).join("|")})`;
// "12,-" and "1'299.–": a whole amount with its empty fraction dashed out.
const AMOUNT = `(${GROUPED_NUMBER})(?:[.,][-–—](?!\\d))?(?:([kKM])(?!${WORD_LETTER}))?`;
const NUMBERS = new RegExp(AMOUNT, "g");
/** A currency right before a number (one space between at most) and right after one. */
const SIGN_BEFORE = new RegExp(`(${CURRENCY})\\s?$`);
const SIGN_AFTER = new RegExp(`^\\s?(${CURRENCY})`);
const LETTER_BEFORE = new RegExp(WORD_LETTER);
/** The rest of a range after its first amount: a dash, the last amount and the sign. */
const RANGE_END = new RegExp(`^\\s?[-–—]\\s?(${GROUPED_NUMBER})\\s?(${CURRENCY})`);
const RANGE_REACH = 20;
/** The last characters of every sign (and of ISO codes), lower-cased: what can stand right before a number. */
const SIGN_ENDS = new Set(SYMBOLS.map(([symbol]) => symbol.slice(-1).toLowerCase()).concat([..."abcdefghijklmnopqrstuvwxyz"]));
/** The first characters of every sign and of ISO codes, lower-cased, and the dashes a range goes on with. */
const SIGN_STARTS = new Set(
  SYMBOLS.map(([symbol]) => symbol.slice(0, 1).toLowerCase()).concat([..."abcdefghijklmnopqrstuvwxyz-–—"]),
);

/** Whether a sign could stand right before or after the number at [start, end) (one space between at most). */
function mayTouchSign(line: string, start: number, end: number): boolean {
  const before = /\s/.test(line[start - 1] ?? "") ? line[start - 2] : line[start - 1];
  const after = /\s/.test(line[end] ?? "") ? line[end + 1] : line[end];
  return (
    (before !== undefined && SIGN_ENDS.has(before.toLowerCase())) || (after !== undefined && SIGN_STARTS.has(after.toLowerCase()))
  );
}

/** Characters looked at around a number: the longest sign, a space, and the letter that may precede it. */
const SIGN_REACH = 12;
/** Direction marks right-to-left pages put around numbers and signs ("‏1,234.50 ‏₪"). */
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

/** The region of a language tag ("es-AR" → AR, "zh-Hant-TW" → TW), upper-cased; undefined without one. */
export function regionOf(tag: string | null | undefined): string | undefined {
  if (!tag) return undefined;
  return /^[a-z]{2,3}(?:[-_][a-z]{4})?[-_]([a-z]{2})\b/i.exec(tag)?.[1]?.toUpperCase();
}

/** Country-code domains that sites use for their meaning (.io, .co, .tv …), not as a country. */
const GENERIC_CCTLDS = new Set(["ai", "am", "cc", "co", "fm", "gg", "io", "la", "ly", "me", "nu", "sh", "so", "to", "tv", "ws"]);

/** The country of a page: its language's region, else og:locale's, else its address's country domain. */
export function pageCountry(lang: string | null | undefined, ogLocale: string | null | undefined, url: string): string | null {
  const region = regionOf(lang) ?? regionOf(ogLocale);
  if (region) return region;
  const host = URL.canParse(url) ? new URL(url).hostname : "";
  const tld = /\.([a-z]{2})$/i.exec(host)?.[1]?.toLowerCase();
  if (!tld || GENERIC_CCTLDS.has(tld)) return null;
  return tld === "uk" ? "GB" : tld.toUpperCase();
}

const decimalMarks = new Map<string, "." | ",">();

/** The decimal mark the page's language writes ("de" → ","), from the runtime's locale data; null when unknown. */
export function decimalMarkOf(lang: string | null | undefined): "." | "," | null {
  if (!lang) return null;
  const known = decimalMarks.get(lang);
  if (known) return known;
  let mark: "." | "," | null = null;
  try {
    const part = new Intl.NumberFormat(lang).formatToParts(1.5).find((entry) => entry.type === "decimal")?.value;
    mark = part === "," || part === "." ? part : null;
  } catch {
    return null;
  }
  if (mark && decimalMarks.size < 200) decimalMarks.set(lang, mark);
  return mark;
}

const minorDigits = new Map<string, number>();

/** How many fraction digits a currency has (2 for EUR, 0 for JPY, 3 for KWD). */
export function minorDigitsOf(currency: string | null | undefined): number | null {
  if (!currency || !ALL_ISO_CODES.has(currency)) return null;
  let digits = minorDigits.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    minorDigits.set(currency, digits);
  }
  return digits;
}

const narrowSigns = new Map<string, string>();

/** The sign a currency is written with where it is at home ("CAD" → "$", "SEK" → "kr"). */
function narrowSign(currency: string): string {
  let sign = narrowSigns.get(currency);
  if (sign === undefined) {
    sign =
      new Intl.NumberFormat("en", { style: "currency", currency, currencyDisplay: "narrowSymbol" })
        .formatToParts(1)
        .find((part) => part.type === "currency")?.value ?? "";
    narrowSigns.set(currency, sign);
  }
  return sign;
}

/**
 * The ISO code a written sign or code stands for on a page of this locale: "$" is ARS on an es-AR page,
 * CAD where the page already states CAD, USD otherwise; "kr" is SEK in Sweden; "R" is a currency only in
 * South Africa. Null when the text is no currency.
 */
export function currencyFor(written: string, locale: PriceLocale = {}): string | null {
  if (/^[A-Z]{3}$/.test(written)) return ISO_CODES.has(written) ? written : null;
  const key = signKey(written);
  if (!SYMBOL_CURRENCY.has(key)) return null;
  const stated = locale.currency && ALL_ISO_CODES.has(locale.currency) ? locale.currency : null;
  if (stated && narrowSign(stated).toLowerCase().replace(/\.$/, "") === key.replace(/\.$/, "")) return stated;
  const local = LOCAL_SIGNS[key];
  if (local) {
    const language = locale.lang?.slice(0, 2).toLowerCase();
    const country = locale.country ?? regionOf(locale.lang) ?? (language ? LANGUAGE_COUNTRY[language] : undefined);
    const code = country ? local[country] : undefined;
    if (code) return code;
  }
  return SYMBOL_CURRENCY.get(key) ?? null;
}

/** An ISO 4217 code for a code or symbol as written ("eur", "€", "US$"), or null. */
export function normalizeCurrency(value: string | null | undefined, locale?: PriceLocale): string | null {
  if (!value) return null;
  const text = value.trim();
  const upper = text.toUpperCase();
  if (/^[A-Z]{3}$/.test(upper) && ALL_ISO_CODES.has(upper)) return upper;
  return currencyFor(text, locale);
}

/**
 * The first price in a text with its currency: "1.299,00 €" → 1299 EUR, "$1,299.99" → 1299.99 USD,
 * "CHF 12.50" → 12.5 CHF, "£1.2M" → 1200000 GBP. A number without a currency counts only when
 * `allowBare` is set (the text is already known to be a price, e.g. an element with class "price").
 */
export function parsePrice(
  text: string | null | undefined,
  options: { allowBare?: boolean; locale?: PriceLocale } = {},
): Price | null {
  const reading = readPrice(text, options);
  return reading ? { amount: reading.amount, currency: reading.currency } : null;
}

/** parsePrice with what the price was read from: its decimal string and the amount and currency as written. */
export function readPrice(
  text: string | null | undefined,
  { allowBare = false, locale = {} }: { allowBare?: boolean; locale?: PriceLocale } = {},
): PriceReading | null {
  if (!text) return null;
  const line =
    text.includes("\u200e") || text.includes("\u200f") || text.includes("\u061c") ? text.replace(BIDI_MARKS, "") : text;
  // Numbers first, then the signs beside them: far cheaper than trying every sign at every position. A sign
  // can only touch the number (one space between at most) with one of its end characters: most numbers (dates,
  // counts) are passed over without a regex run.
  for (const match of line.matchAll(NUMBERS)) {
    const start = match.index;
    const end = start + match[0].length;
    if (!mayTouchSign(line, start, end)) continue;
    const before = SIGN_BEFORE.exec(line.slice(Math.max(0, start - SIGN_REACH), start));
    const beforeCode = before?.[1] ? currencyFor(before[1], locale) : null;
    if (before?.[1] && beforeCode) {
      return reading(`${before[0]}${match[0]}`, match[1] ?? "", match[2], beforeCode, before[1], locale);
    }
    // Digits glued to letters ("MzI5Ljk5", "A4") belong to a word, not to an amount.
    if (LETTER_BEFORE.test(line[start - 1] ?? "")) continue;
    const after = SIGN_AFTER.exec(line.slice(end, end + SIGN_REACH));
    const afterCode = after?.[1] ? currencyFor(after[1], locale) : null;
    if (after?.[1] && afterCode) return reading(`${match[0]}${after[0]}`, match[1] ?? "", match[2], afterCode, after[1], locale);
    // A range written with one sign at its end ("352,00 – 376,45 б.р."): its first amount, in that currency.
    const range = RANGE_END.exec(line.slice(end, end + SIGN_REACH + RANGE_REACH));
    const rangeCode = range?.[2] ? currencyFor(range[2], locale) : null;
    if (range?.[2] && rangeCode) return reading(`${match[0]}${range[0]}`, match[1] ?? "", match[2], rangeCode, range[2], locale);
  }
  if (!allowBare) return null;
  for (const bare of line.matchAll(NUMBERS)) {
    if (!LETTER_BEFORE.test(line[bare.index - 1] ?? ""))
      return bare[1] ? reading(bare[0], bare[1], bare[2], null, null, locale) : null;
  }
  return null;
}

function reading(
  match: string,
  written: string,
  suffix: string | undefined,
  currency: string | null,
  sign: string | null,
  locale: PriceLocale,
): PriceReading | null {
  const hints: NumberHints = { decimalMark: decimalMarkOf(locale.lang), minorDigits: minorDigitsOf(currency ?? locale.currency) };
  const number = readLocaleNumber(written, hints);
  if (number === null) return null;
  const raw = match.trim();
  if (!suffix) return { amount: number.value, decimal: number.decimal, currency, raw, currencyRaw: sign };
  const amount = Math.round(number.value * (suffix.toLowerCase() === "k" ? 1e3 : 1e6) * 100) / 100;
  return { amount, decimal: String(amount), currency, raw, currencyRaw: sign };
}

/**
 * A price given as a bare value with the currency given apart, as structured data does: schema.org's
 * "1299.000" is a plain decimal, while a page's own "1.299,00" is read with grouping rules.
 */
export function parseAmount(value: unknown): number | null {
  return readAmount(value)?.amount ?? null;
}

/** parseAmount with its decimal string and the value as given ("1299.000" stays the raw). */
export function readAmount(value: unknown, locale: PriceLocale = {}): PriceReading | null {
  if (typeof value === "number") {
    return Number.isFinite(value)
      ? { amount: value, decimal: String(value), currency: null, raw: String(value), currencyRaw: null }
      : null;
  }
  if (typeof value !== "string") return null;
  const plain = /^\s*(\d+(?:\.\d+)?)\s*$/.exec(value);
  if (plain?.[1]) {
    const decimal = plain[1].replace(/^0+(?=\d)/, "");
    return { amount: Number(decimal), decimal, currency: null, raw: plain[1], currencyRaw: null };
  }
  return readPrice(value, { allowBare: true, locale });
}
