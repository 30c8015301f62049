/**
 * Why a page could not be scraped. `status` is the HTTP status the run endpoint answers with:
 * 400 the URL itself is unusable, 422 we refuse the address or what it answered (blocked network,
 * not HTML, too large), 502 the site failed or could not be reached, 504 it was too slow.
 */
export type ScrapeErrorStatus = 400 | 422 | 502 | 504;

export type ScrapeErrorCode =
  | "invalid_url"
  | "blocked_address"
  | "not_html"
  | "too_large"
  | "too_many_redirects"
  | "upstream_error"
  | "upstream_unreachable"
  | "upstream_timeout";

const STATUS: Record<ScrapeErrorCode, ScrapeErrorStatus> = {
  invalid_url: 400,
  blocked_address: 422,
  not_html: 422,
  too_large: 422,
  too_many_redirects: 502,
  upstream_error: 502,
  upstream_unreachable: 502,
  upstream_timeout: 504,
};

export class ScrapeError extends Error {
  readonly status: ScrapeErrorStatus;

  constructor(
    readonly code: ScrapeErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ScrapeError";
    this.status = STATUS[code];
  }
}
