import { AppError, type ScrapeErrorCode } from "@/lib/infra/errors";

export type { ScrapeErrorCode };

/** Why a page could not be scraped; each code is explained where lib/infra/errors.ts lists them. */
export class ScrapeError extends AppError<ScrapeErrorCode> {
  constructor(code: ScrapeErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, {}, options);
    this.name = "ScrapeError";
  }
}
