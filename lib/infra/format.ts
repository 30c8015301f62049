const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

// Made on first use, not when the module loads: the first Intl call of a page initialises ICU, which costs a phone
// tens of milliseconds of main thread, and the public pages load this module without formatting anything
// (docs/decisions.md#no-intl-on-page-load).
let relative: Intl.RelativeTimeFormat | undefined;

/** "2 days ago", "yesterday", "just now". */
export function relativeTime(date: Date, now: Date = new Date()): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) {
      relative ??= new Intl.RelativeTimeFormat("en", { numeric: "auto" });
      return relative.format(Math.round(seconds / size), unit);
    }
  }
  return "just now";
}

/**
 * "1,250": a whole number grouped as en-US writes it, without Intl (see `relative`), for counts that client
 * components render while a public page hydrates.
 */
export function formatCount(value: number): string {
  const sign = value < 0 ? "-" : "";
  return sign + String(Math.trunc(Math.abs(value))).replace(/\B(?=(\d{3})+$)/g, ",");
}

/** "Nov 22, 2026" */
export function formatDate(value: string | Date): string {
  return new Date(value).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}
