const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{1,2}(?:[:.]?\d{2})?)?$/i;
/** An offset as pages write it ("+0530", "+5.30", "+05", "-07:00"): sign, hours, minutes. */
const OFFSET = /^([+-])(\d{1,2})(?:[:.]?(\d{2}))?$/;
const HAS_TIME = /\d{1,2}:\d{2}/;
/** A zone after the time, as Date reads it: "Z", "GMT", "UTC", "EST", "+0100", "-05:00". */
const HAS_ZONE = /\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?\s*(?:[ap]\.?m\.?\s*)?(?:z\b|gmt|utc|[ecmp][sd]t\b|[+-]\d{2}:?\d{2}\b)/i;

/**
 * An ISO 8601 form of a date as pages write it: a date stays a date ("2026-03-02"), a date and time
 * with a zone becomes a UTC timestamp ("2026-03-02T07:30:00.000Z"). A time without a zone is the
 * page's local time, whose offset is unknown: only its calendar day is sure, so it stays a date
 * (reading it as UTC moved evening and morning times of far-off zones to the wrong day).
 */
export function toIsoDate(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (DATE_ONLY.test(text)) return validDate(text) ? text : null;
  const iso = ISO_DATE_TIME.exec(text);
  if (iso) {
    const zone = iso[3];
    if (!zone) return validDate(iso[1] ?? "") ? (iso[1] ?? null) : null;
    const offset = OFFSET.exec(zone);
    const written = offset ? `${offset[1]}${(offset[2] ?? "").padStart(2, "0")}:${offset[3] ?? "00"}` : zone;
    const date = new Date(`${iso[1]}T${iso[2]}${written}`);
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  }
  // Date() guesses at any text with a number in it ("9.8" reads as 8 September 2001): without a
  // four-digit year a text is no date.
  if (!/(?:^|\D)(?:1[89]|2\d)\d{2}(?:\D|$)/.test(text)) return null;
  // Nor without a day of the month: Date() reads "in June 2010" as 1 June, a day the text never says.
  if (!/(?:^|\D)\d{1,2}(?:\D|$)/.test(text.replace(/\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?|[+-]\d{2}:?\d{2}\b/g, " "))) return null;
  const cleaned = text
    .replace(/(\d)(st|nd|rd|th)\b/g, "$1")
    .replace(/\bat\b/i, " ")
    .replace(/\s+/g, " ");
  const parsed = new Date(cleaned);
  if (Number.isNaN(parsed.getTime()) || parsed.getFullYear() < 1900) return null;
  if (HAS_TIME.test(text) && HAS_ZONE.test(text)) return parsed.toISOString();
  const pad = (number: number) => String(number).padStart(2, "0");
  return `${parsed.getFullYear()}-${pad(parsed.getMonth() + 1)}-${pad(parsed.getDate())}`;
}

function validDate(text: string): boolean {
  return !Number.isNaN(new Date(`${text}T00:00:00Z`).getTime());
}

const MONTHS =
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
const MONTH_INDEX = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const TIME = String.raw`(?:,?\s*(?:at\s+)?(\d{1,2}):(\d{2})(?::\d{2})?\s*([ap]\.?m\.?)?)?`;
const TEXT_DATES: { pattern: RegExp; order: "ymd" | "mdy" | "dmy" | "numeric" }[] = [
  { pattern: new RegExp(String.raw`((?:19|20)\d{2})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日${TIME}`), order: "ymd" },
  { pattern: new RegExp(String.raw`\b((?:19|20)\d{2})[-/.](\d{1,2})[-/.](\d{1,2})\b${TIME}`), order: "ymd" },
  {
    pattern: new RegExp(String.raw`\b(${MONTHS})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+((?:19|20)\d{2})\b${TIME}`, "i"),
    order: "mdy",
  },
  {
    pattern: new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\.?\s+(${MONTHS})\.?,?\s+((?:19|20)\d{2})\b${TIME}`, "i"),
    order: "dmy",
  },
  { pattern: new RegExp(String.raw`\b(\d{1,2})[/.](\d{1,2})[/.]((?:19|20)\d{2})\b${TIME}`), order: "numeric" },
];

/**
 * The first date written in a text, in the common forms: "Dec 13, 2016 at 3:45 pm", "16 December 2016",
 * "2019年2月27日", "2019/03/05 10:00", "14.12.2016", "12/14/2016" (month first only for English-US
 * pages or when the day cannot be a month), as YYYY-MM-DD: a printed time has no zone, so only the day is sure.
 */
export function dateInText(text: string, lang: string | null = null): { iso: string; text: string } | null {
  let best: { iso: string; text: string; index: number } | null = null;
  for (const { pattern, order } of TEXT_DATES) {
    const match = pattern.exec(text);
    if (!match || (best && best.index <= match.index)) continue;
    // The time (matched so that it belongs to the returned text) has no zone: only the day is sure.
    const [all, a = "", b = "", c = ""] = match;
    let year: number;
    let month: number;
    let day: number;
    if (order === "ymd") [year, month, day] = [Number(a), Number(b), Number(c)];
    else if (order === "mdy") [year, month, day] = [Number(c), monthNumber(a), Number(b)];
    else if (order === "dmy") [year, month, day] = [Number(c), monthNumber(b), Number(a)];
    else {
      const first = Number(a);
      const second = Number(b);
      const monthFirst = second > 12 || (first <= 12 && /^en-us$/i.test(lang ?? ""));
      [year, month, day] = monthFirst ? [Number(c), first, second] : [Number(c), second, first];
    }
    const iso = isoOf(year, month, day);
    if (iso) best = { iso, text: all, index: match.index };
  }
  return best ? { iso: best.iso, text: best.text } : null;
}

function monthNumber(name: string): number {
  return MONTH_INDEX.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

function isoOf(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const pad = (value: number) => String(value).padStart(2, "0");
  const date = `${year}-${pad(month)}-${pad(day)}`;
  if (!validDate(date) || new Date(`${date}T00:00:00Z`).getUTCDate() !== day) return null;
  return date;
}
