import { describe, expect, it } from "vitest";
import { PLANS } from "@/lib/config/plans";
import { MAX_WAIT_FOR_MS as ENGINE_MAX_WAIT_FOR_MS } from "@/lib/infra/browser/limits";
import type { AppError } from "@/lib/infra/errors";
import { looksLikeAppShell, needsBrowser } from "@/lib/runs/render";
import { checkRenderRequest, DEFAULT_RENDER_TIMEOUT_MS, MAX_WAIT_FOR_MS, renderOptionFields } from "./render-options";

const shell = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Loading…</title>
<script src="/static/shop.js" defer></script></head><body><div id="app"></div></body></html>`;
const noscriptShell = `<!doctype html><html><head><title>Shop</title></head><body><header><nav><a href="/">Home</a> <a href="/cart">Cart</a></nav></header>
<div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript><script src="/main.js"></script></body></html>`;
const article = `<!doctype html><html><head><title>News</title><script>window.dataLayer = [];</script></head><body><article><h1>Rain tomorrow</h1>
<p>${"The forecast says rain will reach the coast by noon, with strong winds inland. ".repeat(10)}</p></article>
<noscript>Please enable JavaScript for comments.</noscript><script src="/comments.js"></script></body></html>`;
const staticShort = "<!doctype html><html><body><h1>Hi</h1></body></html>";

const items = (list: Record<string, unknown>[]) => ({ json: JSON.stringify(list), count: list.length });

describe("auto rendering: which plain pages get a browser", () => {
  it("takes a near-empty body with scripts, or little text with a noscript asking for JavaScript, for an app shell", () => {
    expect(looksLikeAppShell(shell)).toBe(true);
    expect(looksLikeAppShell(noscriptShell)).toBe(true);
  });

  it("does not take a page with content, or a short page without scripts, for one", () => {
    expect(looksLikeAppShell(article)).toBe(false);
    expect(looksLikeAppShell(staticShort)).toBe(false);
    // Unclosed elements and stray brackets end the pass, never loop or throw.
    expect(looksLikeAppShell(`<body><script>${"<".repeat(10_000)}`)).toBe(true);
    expect(looksLikeAppShell(`<body>${"<style ".repeat(20_000)}`)).toBe(false);
  });

  it("renders when no item says more than a title and the address, or the page is a shell", () => {
    const titleOnly = { title: "Loading…", url: "https://shop.example/p/1", price: null, _meta: { probability: 0.02 } };
    const priced = { title: "Trail Runner", url: "https://shop.example/p/1", price: 19.99 };
    expect(needsBrowser(article, items([]))).toBe(true);
    expect(needsBrowser(article, items([titleOnly]))).toBe(true);
    expect(needsBrowser(article, items([priced]))).toBe(false);
    expect(needsBrowser(shell, items([priced]))).toBe(true);
  });
});

describe("render options: the checks that depend on each other and on the plan", () => {
  const fail = (run: () => void) => {
    try {
      run();
    } catch (error) {
      return error as AppError;
    }
    throw new Error("expected a refusal");
  };

  it("keeps the engine's wait cap", () => {
    expect(MAX_WAIT_FOR_MS).toBe(ENGINE_MAX_WAIT_FOR_MS);
    expect(DEFAULT_RENDER_TIMEOUT_MS).toBe(PLANS.free.rendering.maxTimeoutMs);
  });

  it("refuses wait_for, timeout_ms and screenshot without the render they need, naming each", () => {
    const error = fail(() => checkRenderRequest({ wait_for: "#price", timeout_ms: 5000, screenshot: true }, PLANS.pro));
    expect(error.code).toBe("validation_error");
    expect(error.details.issues?.map((issue) => issue.path)).toEqual(["wait_for", "timeout_ms", "screenshot"]);
    expect(fail(() => checkRenderRequest({ render: "auto", screenshot: true }, PLANS.pro)).code).toBe("validation_error");
  });

  it("lets Free render only when needed, and each plan up to its own timeout", () => {
    expect(() => checkRenderRequest({ render: "auto", wait_for: 500, timeout_ms: 15_000 }, PLANS.free)).not.toThrow();
    const always = fail(() => checkRenderRequest({ render: true }, PLANS.free));
    expect(always.code).toBe("plan_required");
    expect(always.message).toContain('"render": "auto"');
    expect(fail(() => checkRenderRequest({ render: "auto", timeout_ms: 20_000 }, PLANS.free)).code).toBe("plan_required");
    expect(() => checkRenderRequest({ render: true, screenshot: "full_page", timeout_ms: 30_000 }, PLANS.pro)).not.toThrow();
    expect(() => checkRenderRequest({ render: true, timeout_ms: 60_000 }, PLANS.business)).not.toThrow();
  });

  it("parses each field's range with a message of its own", () => {
    expect(renderOptionFields.render.safeParse("sometimes").error?.issues[0]?.message).toBe(
      'render must be true, false or "auto"',
    );
    expect(renderOptionFields.wait_for.safeParse(MAX_WAIT_FOR_MS + 1).success).toBe(false);
    expect(renderOptionFields.wait_for.safeParse(" ").success).toBe(false);
    expect(renderOptionFields.timeout_ms.safeParse(500).success).toBe(false);
    expect(renderOptionFields.screenshot.safeParse("full_page").success).toBe(true);
  });
});
