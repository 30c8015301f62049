import { AppError } from "@/lib/infra/errors";

// The rendering engine's own failures. The page's (blocked_address, not_html, too_large, upstream_*) are the plain
// fetcher's errors, raised by the same checks (lib/infra/outbound/safe-fetch.ts).

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} seconds`;

export const renderingUnavailable = (reason: string, cause?: unknown) =>
  new AppError("rendering_unavailable", `Pages cannot be rendered here right now: ${reason}.`, {}, { cause });

export const renderingBusy = (deadlineMs: number) =>
  new AppError(
    "rendering_busy",
    `Every browser was busy for the whole ${seconds(deadlineMs)} this page could wait. Runs like this are not charged.`,
  );

export const renderingCrashed = () =>
  new AppError(
    "rendering_crashed",
    "The browser rendering the page stopped; it has been replaced. Runs like this are not charged.",
  );

export const renderTimeout = (deadlineMs: number, what = "finish rendering") =>
  new AppError("render_timeout", `The page did not ${what} within ${seconds(deadlineMs)}.`);

export const pageOutOfMemory = (limitMb: number) =>
  new AppError("page_too_complex", `The page used more than the ${limitMb} MB of memory a rendered page may, and was stopped.`);

export const pageCrashed = () =>
  new AppError("page_too_complex", "The page crashed its browser tab (it probably needed more memory than a page may use).");

/** A selector only the browser could judge (no schema can tell every valid CSS selector from an invalid one). */
export const invalidWaitForSelector = (selector: string) =>
  new AppError("validation_error", `The selector to wait for is not valid CSS: ${selector}`);
