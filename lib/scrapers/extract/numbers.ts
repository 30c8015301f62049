// Numbers as pages write them: "1.299,00", "1,299.99", "1 299", "1'299.50", "12.3K", "4,5".

// Indian grouping ("1,29,999") before the three-digit groups of everywhere else.
const GROUPED_NUMBER = String.raw`(?:\d{1,2}(?:,\d{2})+,\d{3}|\d{1,3}(?:[.,\u00a0\u202f '’]\d{3})+|\d+)(?:[.,]\d+)?(?!\d)`;
const NUMBER_PATTERN = new RegExp(GROUPED_NUMBER);
const COUNT_PATTERN = new RegExp(String.raw`(${GROUPED_NUMBER})\s*(k|m|b|mio\.?|mn|million|bn|billion|thousand)?(?![a-z])`, "i");
const MULTIPLIERS: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mn: 1e6,
  mio: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
};

export { GROUPED_NUMBER };

/** What a page's locale says about a written number: its decimal mark and its currency's minor digits. */
export interface NumberHints {
  /** The decimal mark of the page's language ("," in de, fr, es, ru …; "." in en, ja, zh …). */
  decimalMark?: "." | "," | null;
  /** The currency's minor digits: 2 for most, 0 for JPY or KRW, 3 for KWD, BHD, JOD … */
  minorDigits?: number | null;
}

export interface NumberReading {
  value: number;
  /** The number as a plain decimal string, its fraction digits as written: "1.299,00" → "1299.00". */
  decimal: string;
}

/**
 * Reads one number written with any common grouping and decimal marks. Spaces and apostrophes only ever
 * group thousands; with both "." and "," the last one is the decimal mark; a single mark followed by
 * exactly three digits groups thousands ("1.299" → 1299) unless the currency has three minor digits and
 * the mark is the page's decimal mark ("KWD 1.250" → 1.25); otherwise it is the decimal mark ("12,50" → 12.5).
 */
export function readLocaleNumber(raw: string, hints: NumberHints = {}): NumberReading | null {
  let digits = raw.trim().replace(/[\s\u00a0\u202f'’]/g, "");
  const negative = digits.startsWith("-") || digits.startsWith("−");
  digits = digits.replace(/^[-+−]/, "");
  const lastComma = digits.lastIndexOf(",");
  const lastDot = digits.lastIndexOf(".");
  let whole = digits;
  let fraction = "";
  if (lastComma >= 0 && lastDot >= 0) {
    const at = Math.max(lastComma, lastDot);
    whole = digits.slice(0, at).replace(/[.,]/g, "");
    fraction = digits.slice(at + 1);
  } else if (lastComma >= 0 || lastDot >= 0) {
    const mark = lastComma >= 0 ? "," : ".";
    const parts = digits.split(mark);
    const [head = "", ...rest] = parts;
    const tail = rest[0] ?? "";
    const decimalThousandths = hints.minorDigits === 3 && hints.decimalMark === mark;
    const groupsThousands = rest.length > 1 || (tail.length === 3 && head !== "0" && head !== "" && !decimalThousandths);
    if (groupsThousands) whole = parts.join("");
    else {
      whole = head;
      fraction = rest.join("");
    }
  }
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || (whole === "" && fraction === "")) return null;
  const decimal = `${whole.replace(/^0+(?=\d)/, "") || "0"}${fraction ? `.${fraction}` : ""}`;
  const value = Number(decimal);
  if (!Number.isFinite(value)) return null;
  return { value: negative ? -value : value, decimal: negative ? `-${decimal}` : decimal };
}

/** readLocaleNumber's value alone, without locale hints. */
export function parseLocaleNumber(raw: string): number | null {
  return readLocaleNumber(raw)?.value ?? null;
}

/** The first number in a text ("Price: 1.299,00" → 1299). */
export function firstNumber(text: string | null | undefined): number | null {
  const match = text ? NUMBER_PATTERN.exec(text) : null;
  return match ? parseLocaleNumber(match[0]) : null;
}

/** A plain decimal such as a rating: "4.5", "4,5", "4.5 out of 5" → 4.5. No thousands grouping. */
export function parseDecimal(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const match = /-?\d+(?:[.,]\d+)?/.exec(value);
  if (!match) return null;
  const number = Number(match[0].replace(",", "."));
  return Number.isFinite(number) ? number : null;
}

/** A count as social and review sites abbreviate it: "12.3K" → 12300, "1,2 Mio." → 1200000, "3,204" → 3204. */
export function parseCount(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? Math.round(value) : null;
  if (typeof value !== "string") return null;
  const match = COUNT_PATTERN.exec(value);
  if (!match?.[1]) return null;
  const suffix = match[2]?.toLowerCase().replace(".", "");
  const multiplier = suffix ? (MULTIPLIERS[suffix] ?? 1) : 1;
  // "12.3K": with a multiplier, a single mark is always the decimal mark.
  const number = multiplier > 1 ? parseDecimal(match[1].replace(/[\s\u00a0\u202f'’]/g, "")) : parseLocaleNumber(match[1]);
  return number === null ? null : Math.round(number * multiplier);
}
