// Retry-After (RFC 9110 section 10.2.3), as a site sends it with a 429 or a 503: delay-seconds or an HTTP-date.
// Read here, where the answer is, and handed on as plain data (ScrapeError's `upstream` details): what to do
// about it is the caller's (a crawl pauses the host), not the fetcher's.

/**
 * The wait the site asked for, in whole seconds (0 or more), or null when it sent none or one that cannot be read.
 * An HTTP-date is measured against the answer's own Date header when it has a readable one, so a site whose clock
 * is off from ours still gets the wait it meant; else against `now`. A date in the past is 0.
 */
export function parseRetryAfter(value: string | null | undefined, now: number, date?: string | null): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text);
  const until = Date.parse(text);
  // Date.parse also reads bare numbers and such; an HTTP-date names its day and month.
  if (Number.isNaN(until) || !/[a-z]{3}/i.test(text)) return null;
  const sent = date ? Date.parse(date) : Number.NaN;
  const from = Number.isNaN(sent) ? now : sent;
  return Math.max(0, Math.ceil((until - from) / 1000));
}
