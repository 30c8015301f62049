const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/i;
const HAS_TIME = /\d{1,2}:\d{2}/;

/**
 * An ISO 8601 form of a date as pages write it: a date stays a date ("2026-03-02"), a date and time
 * becomes a UTC timestamp ("2026-03-02T07:30:00.000Z"). Times without a zone are taken as UTC.
 */
export function toIsoDate(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (DATE_ONLY.test(text)) return validDate(text) ? text : null;
  const iso = ISO_DATE_TIME.exec(text);
  if (iso) {
    const zone = iso[3] ?? "Z";
    const date = new Date(`${iso[1]}T${iso[2]}${zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}`);
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  }
  const cleaned = text
    .replace(/(\d)(st|nd|rd|th)\b/g, "$1")
    .replace(/\bat\b/i, " ")
    .replace(/\s+/g, " ");
  const parsed = new Date(cleaned);
  if (Number.isNaN(parsed.getTime()) || parsed.getFullYear() < 1900) return null;
  if (HAS_TIME.test(text)) return parsed.toISOString();
  const pad = (number: number) => String(number).padStart(2, "0");
  return `${parsed.getFullYear()}-${pad(parsed.getMonth() + 1)}-${pad(parsed.getDate())}`;
}

function validDate(text: string): boolean {
  return !Number.isNaN(new Date(`${text}T00:00:00Z`).getTime());
}
