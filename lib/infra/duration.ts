// Lengths of time in milliseconds, named once, and how a person reads them. No Intl: plan limits that use these
// are shown on public pages (docs/decisions.md#no-intl-on-page-load).

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

const UNITS: Array<[name: string, ms: number]> = [
  ["day", DAY_MS],
  ["hour", HOUR_MS],
  ["minute", MINUTE_MS],
  ["second", SECOND_MS],
];

/** "1 day", "5 minutes", "1 hour 30 minutes", "250 ms": the largest units that add up to `ms` exactly. */
export function formatDuration(ms: number): string {
  const parts: string[] = [];
  let rest = Math.round(ms);
  for (const [name, size] of UNITS) {
    const count = Math.floor(rest / size);
    if (count > 0) {
      parts.push(`${count} ${name}${count === 1 ? "" : "s"}`);
      rest -= count * size;
    }
  }
  if (rest > 0 || parts.length === 0) parts.push(`${rest} ms`);
  return parts.join(" ");
}
