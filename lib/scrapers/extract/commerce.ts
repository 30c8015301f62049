import type { Element } from "domhandler";
import { select } from "./dom";
import { textOf } from "./html";
import type { Page } from "./page";
import { cleanText } from "./text";

// Shop-page signals that are not prices: the product code the page prints, whether it offers to buy,
// and the product id in the page's own address.

/** What a product code looks like: letters, digits and . _ / - without spaces, at least one digit. */
const CODE = /^(?=[^\s]*\d)[\p{L}\p{N}][\p{L}\p{N}._/-]{1,39}$/u;

/** Class, id or data-* values that mark the element holding the product's code. */
const CODE_MARKER =
  /(?:^|[\s_-])(?:sku|product[-_]?(?:code|ref(?:erence)?|number|no|id)|prd[-_]?code|item[-_]?(?:code|number|no)|article[-_]?(?:number|no)|art[-_]?nr)(?:$|[\s_-])/i;

/** Labels that introduce the product's own code ("Product code: 141677", "Код: 01245", "Art.-Nr. 7731"). */
const CODE_LABEL =
  /^(?:sku|product\s*(?:code|id|no\.?|number|#)|item\s*(?:code|no\.?|number|#)|code|c[óo]digo(?:\s+de\s+producto)?|c[óo]d\.|ref(?:erence)?\.?|référence|art(?:ikel)?\.?-?\s*nr\.?|artikelnummer|article\s*(?:number|no\.?)|ad\s*#|код(?:\s+товара)?|артикул|品番|商品コード|商品编号|商品編號|상품번호)(?:\s*[:：#]\s*|\s+(?=[\p{L}\p{N}._/-]*\d))/iu;

/** Elements (itself included) a product-code line may hold: "<p>Code: <b>123</b></p>". */
const MAX_CODE_ELEMENTS = 4;

/** Whether the element's first text starts like a code label: a cheap test before reading its text. */
function startsLikeLabel(element: Element): boolean {
  let node = element.children[0];
  while (node && node.type === "tag") node = (node as Element).children[0];
  return node?.type === "text" && CODE_LABEL.test(`${node.data.trimStart()} 0`);
}

/** Whether a class, id or data-* value marks the element as holding the product code (no entries array per element). */
function hasMarker(attribs: Record<string, string>): boolean {
  for (const name in attribs) {
    if ((name === "class" || name === "id" || name.startsWith("data-")) && CODE_MARKER.test(attribs[name] as string)) return true;
  }
  return false;
}

const LABEL_ONLY_TAGS = new Set(["span", "p", "div", "li", "dd", "small", "strong", "b", "em", "td"]);

/**
 * The product code the page shows next to the product ("Product code: 141677", a "sku" or
 * "product-reference" marked element): what a shopper reads and quotes, so it wins over the
 * internal ids structured data often carries.
 */
export function shownProductCode(page: Page, scope: Element): string | null {
  const from = page.index.position.get(scope);
  if (from === undefined) return null;
  const to = page.index.end[from] ?? from;
  for (let i = from + 1; i < to; i++) {
    if (!inContent(page, i, from, "header")) continue;
    const element = page.index.elements[i] as Element;
    // A code line is a small element: its text is read only when its subtree is (no quadratic walk).
    if (!LABEL_ONLY_TAGS.has(element.name) || (page.index.end[i] ?? i) - i > MAX_CODE_ELEMENTS) continue;
    const marked = hasMarker(element.attribs);
    if (!marked && !startsLikeLabel(element)) continue;
    const text = textOf(element);
    if (!text || text.length > 60) continue;
    const labelled = CODE_LABEL.exec(text);
    if (!marked && !labelled) continue;
    const value = cleanText(labelled ? text.slice(labelled[0].length) : text.replace(/^.*[:：]\s*/, ""));
    const code = value ? /\S+$/.exec(value)?.[0] : undefined;
    if (code && CODE.test(code) && (labelled || marked)) return code;
  }
  return null;
}

const BUY_WORDING =
  /add[\s_-]?to[\s_-]?(?:cart|bag|basket|trolley)|buy[\s_-]?(?:it[\s_-]?)?now|addto(?:cart|bag|basket)|in den (?:warenkorb|einkaufswagen)|ajouter au panier|añadir al carrito|aggiungi al carrello|in winkelwagen|do koszyka|в корзину|купить|장바구니|구매하기|カートに入れる|加入购物车|加入購物車|立即购买|立即購買/i;
const BUY_CONTROLS = "button, a, input, img, [role=button], div, span";

/**
 * Whether the page offers to buy the item: an enabled "add to cart" / "buy now" control (its text,
 * value, title, alt, id or class) outside page furniture such as the header's mini-cart.
 */
export function offersToBuy(page: Page, scope: Element): boolean {
  const from = page.index.position.get(scope) ?? -1;
  for (const element of select(page.index, scope, BUY_CONTROLS)) {
    if (!inContent(page, page.index.position.get(element) ?? 0, from, "form")) continue;
    const { attribs } = element;
    if (attribs.disabled !== undefined || attribs["aria-disabled"] === "true" || /\bdisabled\b/i.test(attribs.class ?? ""))
      continue;
    const named = [attribs.id, attribs.class, attribs.name, attribs.title, attribs.alt, attribs.value, attribs["aria-label"]]
      .concat(Object.entries(attribs).flatMap(([name, value]) => (name.startsWith("data-") ? [value] : [])))
      .some((value) => value && value.length <= 80 && BUY_WORDING.test(value));
    if (named) return true;
    // Only small controls: a container's text holds every button below it.
    if ((page.index.end[page.index.position.get(element) ?? 0] ?? 0) - (page.index.position.get(element) ?? 0) > 3) continue;
    const text = element.name === "img" || element.name === "input" ? null : textOf(element);
    if (text && text.length <= 40 && BUY_WORDING.test(text)) return true;
  }
  return false;
}

/** Query parameters that name the product in a shop's address (?pid=260591, ?productId=…). */
const ID_PARAMETER = /^(?:pid|sku|(?:product|item|goods|deal|article|prod)[-_]?(?:id|no|code)?|id)$/i;
/** A long number ending the address's last segment: /418295.htm, …-1609583.html, …_35985065, /deal/4548094738. */
const ID_IN_PATH = /(?:^|[-_/.])(\d{5,})(?:\.[a-z]{2,5})?\/?$/i;

/** The product id a shop's page address carries, when it carries one. */
export function productIdFromUrl(address: string | null): string | null {
  if (!address) return null;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  for (const [name, value] of url.searchParams) {
    if (ID_PARAMETER.test(name) && /^[\p{L}\p{N}_-]{4,40}$/u.test(value) && /\d/.test(value)) return value;
  }
  const segment = url.pathname.split("/").filter(Boolean).pop() ?? "";
  return ID_IN_PATH.exec(segment)?.[1] ?? null;
}

/**
 * Whether the element at `at` is outside page furniture below the scope at `from`, where `allowed` (a
 * page <header> holding the title, the <form> around a buy button) does not count as furniture.
 */
function inContent(page: Page, at: number, from: number, allowed: string): boolean {
  const furniture = page.index.furniture[at] ?? -1;
  return furniture <= from || page.index.elements[furniture]?.name === allowed;
}
