import { first } from "../extract/dom";
import type { Page } from "../extract/page";
import { cleanText, textContent } from "../extract/text";
import type { BaseItem } from "../types";

// `_meta.probability`: the calibrated chance that a page is one of the kind's pages. A logistic model over a
// few signals the extraction already has (docs/decisions.md, "Item confidence"); its weights were fitted on
// the extraction corpus by `npm run bench:quality -- <corpus> --calibrate`, which also prints the reliability
// table (predicted against observed) the decision records.

/** The signals, each 0 or 1 except `coverage` (a share). */
export interface KindSignals {
  /** The page carries a schema.org entity of the kind's own types (not a fallback type). */
  typed: number;
  /** og:type names the kind ("product", "article"). */
  ogKind: number;
  /** og:type names something else than the kind and than a generic page ("website"). */
  ogOther: number;
  /** The share of the kind's key fields the item has (price and availability, byline and body …). */
  coverage: number;
  /** The page lists several of the kind's items: a category, a search result, a home page. */
  listing: number;
  /** An error page (404, not found) or a bot check (captcha, access denied). */
  blocked: number;
}

export const SIGNAL_NAMES = [
  "typed",
  "ogKind",
  "ogOther",
  "coverage",
  "listing",
  "blocked",
] as const satisfies readonly (keyof KindSignals)[];

/**
 * The model's weights: intercept first, then one per signal in SIGNAL_NAMES order. Fitted on the corpus
 * (L2-regularised logistic regression, `npm run bench:quality -- <corpus> --calibrate`). The corpus holds
 * detail pages only, so `listing` (5 of 1506 pairs) and `blocked` (none) are priors, not fitted: strong
 * enough to take a listing or an error page below 0.1 whatever else it shows (checked by the listing, error
 * and bot-check fixtures).
 */
export const WEIGHTS = { intercept: -3.62, typed: 2.03, ogKind: 2.38, ogOther: -3.36, coverage: 5.56, listing: -6, blocked: -8 };

export interface ItemEvidence {
  /** The first item, as extracted. */
  first: BaseItem | null;
  typed: boolean;
  listing: boolean;
}

/** og:type values that say nothing about the page's kind. */
const GENERIC_OG_TYPES = /^(?:website|object|webpage|page|blog|site)$/i;

/** What a kind says about its pages: the fields that make one (KindExtractor.keyFields) and its og:type values. */
export interface KindProfile {
  keyFields: readonly string[];
  ogTypes?: RegExp;
}

export function kindSignals(extractor: KindProfile, page: Page, evidence: ItemEvidence): KindSignals {
  const ogType = page.meta.get("og:type")?.trim();
  const ogKind = Boolean(ogType && extractor.ogTypes?.test(ogType));
  const record = evidence.first as Record<string, unknown> | null;
  const found = record ? extractor.keyFields.filter((field) => hasValue(record[field])).length : 0;
  return {
    typed: evidence.typed ? 1 : 0,
    ogKind: ogKind ? 1 : 0,
    ogOther: ogType && !ogKind && !GENERIC_OG_TYPES.test(ogType) ? 1 : 0,
    coverage: extractor.keyFields.length > 0 ? found / extractor.keyFields.length : 0,
    listing: evidence.listing ? 1 : 0,
    blocked: isBlockedPage(page) ? 1 : 0,
  };
}

export function probabilityOf(signals: KindSignals, weights: typeof WEIGHTS = WEIGHTS): number {
  let logit = weights.intercept;
  for (const name of SIGNAL_NAMES) logit += weights[name] * signals[name];
  return Math.round(1000 / (1 + Math.exp(-logit))) / 1000;
}

function hasValue(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "string") return value.trim().length > 0;
  return !Array.isArray(value) || value.length > 0;
}

/** Headings and titles of error pages, in the languages shops and publishers most use. */
/** An error code as a page's whole message ("404", "Error 404 - Not found", "404 – Seite nicht gefunden"). */
const ERROR_CODE = /^\s*(?:error\s*)?(?:404|410)\b|\b(?:404|410)\s*(?:error|[-–—:|])/i;
/** More words than this around a 404 and it is a name ("404 Error T-Shirt in black cotton"). */
const MAX_CODE_MESSAGE_WORDS = 5;
const ERROR_WORDING =
  /(?:^|[|–—-]\s*)(?:(?:page|file|product|item) )?not found(?:\s*[|–—-]|$)|page (?:cannot|could not|can't) be found|(?:page|product|item) (?:does not|doesn't|no longer) exists?|seite (?:wurde )?nicht gefunden|page (?:introuvable|non trouvée)|página no encontrada|pagina non trovata|pagina niet gevonden|nie znaleziono strony|страница не найдена|页面不存在|找不到(?:页面|頁面|网页|網頁)|ページが見つかりません|페이지를 찾을 수 없습니다/i;
/** Headings and titles of bot checks and blocks. */
const BLOCK_WORDING =
  /captcha|are you (?:a )?(?:robot|human)|verify (?:that )?you(?:'re| are) (?:a )?human|access (?:to this page has been )?denied|attention required|just a moment\.\.\.|pardon our interruption|unusual traffic|request (?:was )?blocked|checking (?:if the site connection is secure|your browser)|security check|bot (?:check|protection)|one more step/i;
/** Challenge widgets (reCAPTCHA, hCaptcha, Turnstile, bot-manager challenges): their class, id or script address. */
const CHALLENGE_MARK = /captcha|challenge|turnstile/i;
/** A page with fewer elements than this is a bare one (a challenge, a stub), not a shop or article page. */
const BARE_PAGE_ELEMENTS = 250;
/** Longer headings are not an error message ("404 Error T-Shirt, black, cotton …" is a product). */
const MAX_MESSAGE_LENGTH = 80;

/** An error page (404, not found) or a bot check, by its <title> and first <h1>, or a challenge widget on a bare page. */
export function isBlockedPage(page: Page): boolean {
  const heading = cleanText(textContent(first(page.index, "h1")));
  for (const text of [page.meta.title, heading]) {
    if (!text || text.length > MAX_MESSAGE_LENGTH) continue;
    if (ERROR_WORDING.test(text) || BLOCK_WORDING.test(text)) return true;
    const message = text.split(/\s+[|·]\s+/)[0] ?? "";
    if (ERROR_CODE.test(message) && (message.match(/\p{L}+|\d+/gu)?.length ?? 0) <= MAX_CODE_MESSAGE_WORDS) return true;
  }
  const { elements } = page.index;
  if (elements.length >= BARE_PAGE_ELEMENTS) return false;
  // A bare page holding a challenge widget is the challenge (on a full page it guards a form).
  return elements.some((element) => {
    const { attribs } = element;
    const marks =
      element.name === "iframe" || element.name === "script" ? attribs.src : `${attribs.class ?? ""} ${attribs.id ?? ""}`;
    return marks !== undefined && marks.length > 2 && CHALLENGE_MARK.test(marks);
  });
}
