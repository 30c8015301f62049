import { compile } from "css-select";
import type { AnyNode, Element } from "domhandler";
import { AppError, type ValidationIssue } from "@/lib/infra/errors";
import { MAX_SELECTOR_LENGTH, MAX_TAG_SELECTORS } from "../limits";

/** The formats a run can ask for beside its items (`screenshot` needs a rendered page and is not made here). */
export const CONTENT_FORMATS = ["markdown", "text", "html", "raw_html", "links", "metadata"] as const;
export type ContentFormat = (typeof CONTENT_FORMATS)[number];

/** How the content formats choose what to render (the run's only_main_content, include_tags, exclude_tags). */
export interface ContentOptions {
  /** Keep the article or product body only (default); false keeps the whole page, still cleaned. */
  onlyMainContent?: boolean;
  /** CSS selectors: render only the elements matching one of them (wherever they are in the page). */
  includeTags?: readonly string[];
  /** CSS selectors: leave out the elements matching one of them. */
  excludeTags?: readonly string[];
}

type Matcher = (element: Element) => boolean;

/** ContentOptions with the selectors checked and compiled once per page. */
export interface CompiledContentOptions {
  onlyMainContent: boolean;
  include: Matcher[] | null;
  exclude: Matcher[] | null;
}

/**
 * Selector features whose cost grows faster than the page: `:has()` matches a whole subtree per element (nested,
 * its square), and css-select's `:contains()` reads every element's text.
 */
const COSTLY = /:(?:has|contains|icontains)\s*\(/i;

/** Why a selector is refused, or null when it is a usable CSS selector. */
export function selectorProblem(selector: string): string | null {
  if (!selector.trim()) return "is empty";
  if (selector.length > MAX_SELECTOR_LENGTH) return `is longer than ${MAX_SELECTOR_LENGTH} characters`;
  if (COSTLY.test(selector)) return "uses :has() or :contains(), which are not supported";
  try {
    compileSelector(selector);
    return null;
  } catch (error) {
    return `is not a valid CSS selector (${error instanceof Error ? error.message : String(error)})`;
  }
}

function compileSelector(selector: string): Matcher {
  // A fresh matcher per request: user selectors are never kept in a process-wide cache.
  return compile<AnyNode, Element>(selector, { xmlMode: false });
}

/**
 * Checks and compiles the options; validation_error (with one issue per bad selector) when a list is too long or a
 * selector unusable. The run's request schema (./schema.ts) refuses the same input before a run starts.
 */
export function compileContentOptions(options: ContentOptions = {}): CompiledContentOptions {
  const issues: ValidationIssue[] = [];
  const compileList = (field: string, list: readonly string[] | undefined): Matcher[] | null => {
    if (!list || list.length === 0) return null;
    if (list.length > MAX_TAG_SELECTORS) {
      issues.push({ path: field, message: `At most ${MAX_TAG_SELECTORS} selectors are allowed.` });
      return null;
    }
    const matchers: Matcher[] = [];
    list.forEach((selector, at) => {
      const problem = selectorProblem(selector);
      if (problem) issues.push({ path: `${field}.${at}`, message: `The selector ${problem}.` });
      else matchers.push(compileSelector(selector));
    });
    return matchers;
  };
  const include = compileList("include_tags", options.includeTags);
  const exclude = compileList("exclude_tags", options.excludeTags);
  if (issues.length > 0) throw new AppError("validation_error", "Invalid content options", { issues });
  return { onlyMainContent: options.onlyMainContent ?? true, include, exclude };
}

export function matchesAny(matchers: readonly Matcher[], element: Element): boolean {
  for (const match of matchers) if (match(element)) return true;
  return false;
}

/** A run's content fields as the request states them (lib/scrapers/content/schema.ts validates them). */
export interface ContentFields {
  formats?: readonly string[];
  only_main_content?: boolean;
  include_tags?: readonly string[];
  exclude_tags?: readonly string[];
}

/**
 * The request's content fields as the content engine takes them: each of its formats once, in the order
 * CONTENT_FORMATS lists (other names, such as screenshot, are another step's), and the options. No zod here: the
 * extraction thread calls it.
 */
export function contentOptionsOf(request: ContentFields): { formats: ContentFormat[]; options: ContentOptions } {
  const asked = new Set(request.formats ?? []);
  return {
    formats: CONTENT_FORMATS.filter((format) => asked.has(format)),
    options: {
      onlyMainContent: request.only_main_content,
      includeTags: request.include_tags,
      excludeTags: request.exclude_tags,
    },
  };
}
