import { z } from "zod";
import { PLAN_LIST, type Plan } from "@/lib/config/plans";
import { AppError, type ValidationIssue } from "@/lib/infra/errors";

// What a run may ask of the browser (docs/product.md#rendering): the keys issue 23 adds to the run options
// (lib/scrapers/run-options.ts spreads renderOptionFields), their limits, and the checks that depend on the caller's plan.
// The worker's part is lib/runs/render.ts.

/** The longest `wait_for` in milliseconds: the rendering engine's own cap (lib/infra/browser/limits.ts, MAX_WAIT_FOR_MS). */
export const MAX_WAIT_FOR_MS = 10_000;

/** The longest CSS selector `wait_for` takes. */
export const MAX_WAIT_FOR_SELECTOR_LENGTH = 500;

/** The shortest `timeout_ms`: less is no time to start a page. */
export const MIN_RENDER_TIMEOUT_MS = 1_000;

/**
 * A rendered run's deadline when it asks none: the whole render, waiting for a browser page included. Every plan may
 * ask at least this much (the smallest plan cap), so the default never breaks a plan's limit.
 */
export const DEFAULT_RENDER_TIMEOUT_MS = Math.min(...PLAN_LIST.map((plan) => plan.rendering.maxTimeoutMs));

/** The longest `timeout_ms` any plan may ask: what the schema takes; the caller's plan is checked after. */
export const MAX_RENDER_TIMEOUT_MS = Math.max(...PLAN_LIST.map((plan) => plan.rendering.maxTimeoutMs));

export const RENDER_MODES = [false, true, "auto"] as const;
export type RenderMode = (typeof RENDER_MODES)[number];

const renderField = z
  .union([z.boolean(), z.literal("auto")], { error: 'render must be true, false or "auto"' })
  .optional()
  .meta({
    description:
      'Whether the page is rendered in a browser first: false (the default: the HTML the server sends), true (always), or "auto" (only when the plain page has nothing to extract or is an app shell). Free: false or "auto".',
  });

const waitForField = z
  .union(
    [
      z
        .string()
        .trim()
        .min(1, "wait_for must not be empty")
        .max(MAX_WAIT_FOR_SELECTOR_LENGTH, `wait_for may be at most ${MAX_WAIT_FOR_SELECTOR_LENGTH} characters`),
      z
        .number()
        .int("wait_for in milliseconds must be a whole number")
        .min(0, "wait_for in milliseconds must be at least 0")
        .max(MAX_WAIT_FOR_MS, `wait_for may be at most ${MAX_WAIT_FOR_MS} milliseconds`),
    ],
    { error: "wait_for must be a CSS selector or a number of milliseconds" },
  )
  .optional()
  .meta({
    description: `What "rendered" means: a CSS selector that must be in the page, or milliseconds to wait once it is parsed (at most ${MAX_WAIT_FOR_MS}). Default: the page has loaded and its network has been quiet for 500 ms. Needs render.`,
  });

const timeoutField = z
  .number({ error: "timeout_ms must be a number of milliseconds" })
  .int("timeout_ms must be a whole number")
  .min(MIN_RENDER_TIMEOUT_MS, `timeout_ms must be at least ${MIN_RENDER_TIMEOUT_MS}`)
  .max(MAX_RENDER_TIMEOUT_MS, `timeout_ms may be at most ${MAX_RENDER_TIMEOUT_MS}`)
  .optional()
  .meta({
    description: `The longest the render may take, waiting for a browser included (default ${DEFAULT_RENDER_TIMEOUT_MS}); at most ${PLAN_LIST.map((plan) => `${plan.rendering.maxTimeoutMs} on ${plan.name}`).join(", ")}. Needs render.`,
  });

const screenshotField = z
  .union([z.boolean(), z.literal("full_page")], { error: 'screenshot must be true, false or "full_page"' })
  .optional()
  .meta({
    description:
      'A PNG of the rendered page, read from GET /api/runs/{id}/screenshot while the run\'s results are kept: true (the 1280×800 viewport) or "full_page" (up to 10,000 px tall). Needs render: true.',
  });

/** The run options' rendering keys (spread into lib/runs/options.ts's runOptionsFields). */
export const renderOptionFields = {
  render: renderField,
  wait_for: waitForField,
  timeout_ms: timeoutField,
  screenshot: screenshotField,
};

export interface RenderRequest {
  render?: RenderMode;
  wait_for?: string | number;
  timeout_ms?: number;
  screenshot?: boolean | "full_page";
}

/**
 * What the schema cannot say alone, checked when a run or batch is submitted, before anything is recorded: options that
 * need a render (validation_error, each named), and what the caller's plan allows (plan_required).
 */
export function checkRenderRequest(request: RenderRequest, plan: Plan): void {
  const render = request.render ?? false;
  const issues: ValidationIssue[] = [];
  if (render === false) {
    for (const key of ["wait_for", "timeout_ms"] as const) {
      if (request[key] !== undefined)
        issues.push({ path: key, message: `${key} is for rendered runs: add "render": true or "auto"` });
    }
  }
  if (request.screenshot && render !== true) {
    issues.push({ path: "screenshot", message: 'screenshot needs the page rendered: add "render": true' });
  }
  if (issues.length > 0) {
    throw new AppError("validation_error", issues.map((issue) => issue.message).join("; "), { issues });
  }
  if (render === true && plan.rendering.mode !== "always") {
    throw new AppError(
      "plan_required",
      `Your ${plan.name} plan renders pages only when they need it: use "render": "auto", or upgrade to render every page and take screenshots.`,
    );
  }
  if (request.timeout_ms !== undefined && request.timeout_ms > plan.rendering.maxTimeoutMs) {
    throw new AppError(
      "plan_required",
      `Your ${plan.name} plan allows timeout_ms up to ${plan.rendering.maxTimeoutMs}; upgrade for longer renders.`,
    );
  }
}

/** Whether a run asks for a browser at all (true or "auto"). */
export function asksForRendering(request: RenderRequest): boolean {
  return request.render === true || request.render === "auto";
}
