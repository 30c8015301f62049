import type { Element } from "domhandler";
import { closest, select } from "./dom";
import { isBoilerplate, textOf } from "./html";
import type { Page } from "./page";
import { type PriceLocale, type PriceReading, pageCountry, readPrice } from "./price";
import { blockText, cleanText } from "./text";
import { isSiteName, siteNames, squash } from "./titles";

// Shop-page signals: the main item's price among the page's prices, the product code the page prints,
// whether it offers to buy, and the product id in the page's own address.

const STRUCK_TAGS = new Set(["del", "s", "strike"]);
const PRICE_SELECTOR = '[class*="price" i], [id*="price" i], [data-price], [itemprop="price"]';
/** Class or id words of prices that are not the item's current price. */
const NOT_CURRENT_PRICE =
  /(?:^|[\s_-])(?:old|was|before|strike|strikethrough|original|compare|comparison|compared|regular|list|msrp|rrp|uvp|save|saving|savings|discount|unit[-_]?price|price[-_]?unit|per|base[-_]?price|label|tax|shipping|installments?|bid|bids|estimate|estimated|minimum|qty|quantity|points?|reward|credit|monthly|finance|filter|slider)(?:$|[\s_-])/i;
/** Words beside an amount that make it another figure than the price: a bid, an estimate, a minimum order, a per-unit price … */
const NOT_THE_PRICE_TEXT =
  /\b(?:(?:current|starting|opening|high(?:est)?|winning|your) bid|bids?:|estimate[ds]?|min(?:imum|\.)? ?order|moq\b|per (?:unit|item|piece|pc|kg|g|lb|oz|l|ml|m|m2|m²|sq\.? ?ft|100 ?g|100 ?ml)|\/ ?(?:unit|item|piece|pc|kg|lb|oz|l|ml|m²|m2|ea)\b|points?\b|you save|save \d|was:|rrp|msrp|uvp|list price|compare at|shipping|delivery|postage|versand|livraison|envío|deposit|per month|\/ ?mo(?:nth)?\b|monthly|x \d+ (?:payments|installments)|grundpreis|prix au kilo|precio por)/i;
/** Blocks that show other items: their prices are never the main item's. */
const OTHER_ITEMS =
  /related|recommend|recently|similar|carousel|upsell|up-sell|cross-?sell|also[-_]?(?:bought|viewed|like|purchased)|customers?[-_]?(?:also|who)|you[-_]?may|suggest|accessor|bundle|compare|nearby|frequently|sponsored/i;
/** Price-marked elements looked at per page: the main price is among the first ones after the title. */
const MAX_PRICE_CANDIDATES = 60;
/** A bare number's text: the number with at most a word or a sign around it ("49.99", "Preis 1.299,-"). */
const BARE_PRICE_TEXT = /^[^\d]{0,12}\d[\d.,\s'’]*(?:[.,][-–])?[^\d]{0,6}$/;
const MAX_BARE_TEXT = 24;
/** A price before the anchor counts as this much farther than one as far after it (shops put it after the title). */
const BEFORE_ANCHOR_PENALTY = 1.5;

/** A price the page shows, and whether it came from a price-marked element or from running text. */
export interface FoundPrice extends PriceReading {
  via: "markup" | "text";
}

const locales = new WeakMap<Page, PriceLocale>();

/** How the page writes prices: its language and its country (language region, og:locale, country domain). */
export function pricingLocale(page: Page): PriceLocale {
  let locale = locales.get(page);
  if (!locale) {
    locale = { lang: page.meta.lang, country: pageCountry(page.meta.lang, page.meta.get("og:locale"), page.url) };
    locales.set(page, locale);
  }
  return locale;
}

function namesOf(element: Element): string {
  return `${element.attribs.class ?? ""} ${element.attribs.id ?? ""}`;
}

function hasAncestor(element: Element, test: (element: Element) => boolean, stop?: Element): boolean {
  for (
    let node = element.parent as Element | null;
    node && node.type === "tag" && node !== stop;
    node = node.parent as Element | null
  ) {
    if (test(node)) return true;
  }
  return false;
}

/**
 * The item's current price. Candidates are price-marked elements (class or id containing "price",
 * data-price, itemprop=price) that are not struck-through, "was", per-unit, shipping, bid, estimate or
 * minimum-order figures, nor a filter's price range, nor zero. On a detail page, prices inside blocks of
 * other items (related, recommended, recently viewed, carousels) are left out and the candidates are ranked
 * by where they sit: nearest the item's title or its buy button wins (shops put the price right after the
 * title, beside the button), not the first found; a form counts as content when it is the buy button's. A
 * card takes its first price (`purchase`: the page sells the item, so its buy button is an anchor too). Failing all that, the first amount with a currency sign in the scope's text.
 * Amounts and currencies are read in the page's locale: "$ 3.499" on an es-AR page is ARS 3499.
 */
export function findPrice(page: Page, scope: Element, { detail = false, purchase = false } = {}): FoundPrice | null {
  const locale = pricingLocale(page);
  const elements =
    detail && purchase
      ? inContentOrBuyForm(page, scope, PRICE_SELECTOR)
      : select(page.index, scope, PRICE_SELECTOR, { skipFurniture: true });
  // The cheap tests (markers, struck or hidden, other items' blocks) first; a candidate's text is read only in
  // rank order, until the first amount with a currency: most pages stop at the first or second.
  const marked: { element: Element; at: number }[] = [];
  for (const element of elements) {
    if (detail && marked.length >= MAX_PRICE_CANDIDATES) break;
    if (isCurrentPrice(page, element, scope, detail)) marked.push({ element, at: page.index.position.get(element) ?? 0 });
  }
  if (detail && marked.length > 1) {
    const anchors = [titleElement(page, scope), purchase ? buyControl(page, scope) : null]
      .map((element) => (element ? page.index.position.get(element) : undefined))
      .filter((at): at is number => at !== undefined);
    // Nearest the name or the buy button; a price before them counts as farther than one as far after.
    const distance = (at: number) =>
      Math.min(...anchors.map((anchor) => (at > anchor ? at - anchor : (anchor - at) * BEFORE_ANCHOR_PENALTY)));
    if (anchors.length > 0) marked.sort((a, b) => distance(a.at) - distance(b.at));
  }
  // Amounts the page writes with a currency first; a bare number only when no candidate has one.
  let bare: PriceReading | null = null;
  for (const { element } of marked) {
    const data = element.attribs["data-price"] ?? element.attribs.content;
    const text = centsRaised(
      page,
      blockText(element, (child) => STRUCK_TAGS.has(child.name) || NOT_CURRENT_PRICE.test(child.attribs.class ?? "")),
      element,
    );
    if (text && text.length <= 200 && NOT_THE_PRICE_TEXT.test(text)) continue;
    const written = readPrice(text, { locale });
    if (written) {
      if (written.amount > 0) return { ...written, via: "markup" };
      continue;
    }
    if (bare) continue;
    // A number without a currency is a price only as a machine value or as the element's whole text.
    const bareText = data ?? (text && text.length <= MAX_BARE_TEXT && BARE_PRICE_TEXT.test(text) ? text : null);
    const reading = readPrice(bareText, { allowBare: true, locale });
    if (reading && reading.amount > 0) bare = reading;
  }
  if (bare) return { ...bare, via: "markup" };
  const text = blockText(scope, (child) => STRUCK_TAGS.has(child.name) || isBoilerplate(page, child, scope));
  const price = readPrice(text, { locale });
  return price && price.amount > 0 ? { ...price, via: "text" } : null;
}

/** Elements the page keeps hidden until a script shows them (another variant's price, a template). */
const HIDDEN_CLASS = /(?:^|\s)(?:hidden|hide|d-none|is-hidden|visually-hidden|sr-only)(?:$|\s)/i;

function isHidden(element: Element): boolean {
  const { attribs } = element;
  const { class: names, style } = attribs;
  return (
    attribs.hidden !== undefined ||
    attribs["aria-hidden"] === "true" ||
    // The regexes only when the text could match: most classes hold no "hid", "none" or "only".
    (names !== undefined && /hid|none|only/i.test(names) && HIDDEN_CLASS.test(names)) ||
    (style !== undefined && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style))
  );
}

/** Price elements up to this many descendants are looked at for cents in a <sup>. */
const MAX_CENTS_ELEMENTS = 30;

/**
 * A price with its cents raised in a <sup> ("$174<sup>99</sup>") reads as "$17499" in text: the cents are
 * put back after a decimal mark.
 */
function centsRaised(page: Page, text: string | null, element: Element): string | null {
  if (!text || !/\d{3}/.test(text)) return text;
  const at = page.index.position.get(element) ?? 0;
  const end = page.index.end[at] ?? at;
  if (end - at > MAX_CENTS_ELEMENTS) return text;
  for (let i = at + 1; i < end; i++) {
    const sup = page.index.elements[i] as Element;
    if (sup.name !== "sup") continue;
    const cents = textOf(sup);
    const before = sup.prev?.type === "text" ? (sup.prev as unknown as { data: string }).data.trim() : "";
    if (cents && /^\d{2}$/.test(cents) && /\d$/.test(before)) return text.replace(`${before}${cents}`, `${before}.${cents}`);
  }
  return text;
}

/**
 * Elements matching `selector` in content, and in the buy button's own <form> (page furniture otherwise: a shop
 * that wraps the whole product block in its cart form), in document order. Furniture is skipped before matching.
 */
function inContentOrBuyForm(page: Page, scope: Element, selector: string): Element[] {
  const found = select(page.index, scope, selector, { skipFurniture: true });
  const buy = buyControl(page, scope);
  const form = buy ? closest(buy, "form") : undefined;
  const formAt = form ? page.index.position.get(form) : undefined;
  if (!form || formAt === undefined || (page.index.furniture[formAt] ?? -1) <= (page.index.position.get(scope) ?? -1))
    return found;
  // The form is furniture: its elements were skipped above; they come from a select of their own.
  const inForm = select(page.index, form, selector).filter((element) => {
    const furniture = page.index.furniture[page.index.position.get(element) ?? 0] ?? -1;
    return furniture === formAt;
  });
  if (inForm.length === 0) return found;
  const position = (element: Element) => page.index.position.get(element) ?? 0;
  return [...found, ...inForm].sort((a, b) => position(a) - position(b));
}

function isCurrentPrice(page: Page, element: Element, scope: Element, detail: boolean): boolean {
  const names = namesOf(element);
  if (NOT_CURRENT_PRICE.test(names) || STRUCK_TAGS.has(element.name) || isHidden(element)) return false;
  if (element.name === "select" || element.name === "option" || element.name === "input") return false;
  if (hasAncestor(element, (parent) => STRUCK_TAGS.has(parent.name) || parent.name === "select" || isHidden(parent), scope))
    return false;
  // A filter's price range ("All price ranges", "Under £100") holds a select or a range input.
  if (select(page.index, element, "select, input[type=range]", { limit: 1 }).length > 0) return false;
  if (!detail) return true;
  return (
    !OTHER_ITEMS.test(names) && !hasAncestor(element, (parent) => parent !== scope && OTHER_ITEMS.test(namesOf(parent)), scope)
  );
}

/** Elements looked at for the item's name when the page has no <h1>. */
const NAME_ELEMENTS = 'h2, h3, [itemprop="name"], [class*="title" i], [class*="name" i], [class*="heading" i]';

const MAX_NAME_ELEMENTS = 40;

/**
 * Where the item's name sits: the first <h1> that reads as the page's title (og:title, or <title> whole or one
 * of its " | "-separated parts that is not the site's name), else the first heading-like element (h2, h3, a
 * title-, name- or heading-marked element) that does, else the first <h1>. A page whose <h1>s name other
 * items (a deal site's list of related deals) still anchors on its own product's name.
 */
export function titleElement(page: Page, scope: Element): Element | null {
  const h1s = select(page.index, scope, "h1", { skipFurniture: true, limit: MAX_NAME_ELEMENTS });
  const names = titleNames(page);
  if (names.size === 0) return h1s[0] ?? null;
  // A whole title is the item's name; a part of one only when it is not the site's name (computed only then).
  const isTitle = (element: Element) => {
    const text = textOf(element);
    const whole = text !== null && text.length <= 300 ? names.get(squash(text)) : undefined;
    return whole === true || (whole === false && !isSiteName(text ?? "", siteNames(page)));
  };
  const titled = h1s.find(isTitle);
  if (titled) return titled;
  return inContentOrBuyForm(page, scope, NAME_ELEMENTS).slice(0, MAX_NAME_ELEMENTS).find(isTitle) ?? h1s[0] ?? null;
}

/** The page's title as its name may be shown: og:title and <title> whole (true), and their " | "-separated parts (false). */
function titleNames(page: Page): Map<string, boolean> {
  const names = new Map<string, boolean>();
  for (const title of [page.meta.get("og:title"), page.meta.title]) {
    if (!title) continue;
    names.set(squash(title), true);
    for (const part of title.split(/\s+[|·•–—-]\s+/)) {
      const key = squash(part);
      if (!names.has(key)) names.set(key, false);
    }
  }
  names.delete("");
  return names;
}

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
  /add[\s_-]?to[\s_-]?(?:cart|bag|basket|trolley)|buy[\s_-]?(?:it[\s_-]?)?now|addto(?:cart|bag|basket)|^buy$|in den (?:warenkorb|einkaufswagen)|jetzt kaufen|ajouter au panier|^acheter\b|añadir al (?:carrito|carro)|agregar al carrito|^comprar\b|aggiungi al carrello|^acquista\b|adicionar ao carrinho|in (?:de )?winkelwagen|^koop nu|do koszyka|^kup teraz|do košíku|^koupit|lägg i (?:varukorg|kundvagn)|læg i kurv|legg i handlekurv|lisää ostoskoriin|sepete ekle|satın al|в корзину|^купить|у кошик|до кошика|^купити|장바구니|구매하기|바로 ?구매|カートに入れる|カートに追加|購入する|今すぐ購入|加入购物车|加入購物車|立即购买|立即購買|马上购买|馬上購買|立即抢购|立即搶購|直接購買|我要購買/i;

const buyControls = new WeakMap<Element, Element | null>();

/**
 * The page's first enabled "add to cart" / "buy now" control (its text, value, title, alt, id, class, rel or
 * data-* attributes say so) outside page furniture such as the header's mini-cart, else its first disabled one
 * (shops disable the button until a size is chosen; a sold-out page says so in words, which are read first);
 * null when it offers none.
 */
export function buyControl(page: Page, scope: Element): Element | null {
  let control = buyControls.get(scope);
  if (control === undefined) {
    control = findBuyControl(page, scope);
    buyControls.set(scope, control);
  }
  return control;
}

const CONTROL_TAGS = new Set(["button", "a", "input", "img", "div", "span"]);
/** Attributes that name what a control does. */
const CONTROL_NAMES = new Set(["id", "class", "name", "title", "alt", "value", "aria-label", "rel"]);

function findBuyControl(page: Page, scope: Element): Element | null {
  const { elements, end } = page.index;
  const from = page.index.position.get(scope) ?? -1;
  const to = from >= 0 ? (end[from] ?? elements.length) : elements.length;
  let disabled: Element | null = null;
  // One walk over the scope's slice: no selector matching and no array per element.
  for (let at = from + 1; at < to; at++) {
    const element = elements[at] as Element;
    const { attribs } = element;
    if (!CONTROL_TAGS.has(element.name) && attribs.role !== "button") continue;
    if (!inContent(page, at, from, "form") || !isBuyControl(page, element, at)) continue;
    if (attribs.disabled === undefined && attribs["aria-disabled"] !== "true" && !/\bdisabled\b/i.test(attribs.class ?? ""))
      return element;
    disabled ??= element;
  }
  return disabled;
}

/** Whether a control's attributes or its short text say "add to cart" or "buy now". */
function isBuyControl(page: Page, element: Element, at: number): boolean {
  const { attribs } = element;
  for (const name in attribs) {
    if (!CONTROL_NAMES.has(name) && !name.startsWith("data-")) continue;
    const value = attribs[name];
    if (value && value.length <= 80 && BUY_WORDING.test(value.trim())) return true;
  }
  // Only small controls: a container's text holds every button below it.
  if ((page.index.end[at] ?? at) - at > 3 || element.name === "img" || element.name === "input") return false;
  const text = textOf(element);
  return text !== null && text.length <= 40 && BUY_WORDING.test(text);
}

/** Attributes that hold the shop's own product id on the product block or its buy button. */
const SKU_ATTRIBUTES = ["data-sku", "data-product-sku", "data-item-sku", "data-sku-id", "data-variant-sku"];

/**
 * The product's SKU from a data-sku-like attribute (data-sku, data-product-sku …) in content or the buy form,
 * outside blocks of other items: the first that holds an id-like value.
 */
export function dataSku(page: Page, scope: Element): string | null {
  const { elements, end, furniture } = page.index;
  const scopeAt = page.index.position.get(scope) ?? -1;
  const to = scopeAt >= 0 ? (end[scopeAt] ?? elements.length) : elements.length;
  // One walk reading five attributes per element: no selector matching.
  for (let at = scopeAt + 1; at < to; at++) {
    const element = elements[at] as Element;
    const { attribs } = element;
    let value: string | undefined;
    for (const name of SKU_ATTRIBUTES) {
      value ??= attribs[name];
    }
    value = value?.trim();
    if (!value || !CODE.test(value)) continue;
    if ((furniture[at] ?? -1) > scopeAt && closest(element, "form") === undefined) continue;
    if (OTHER_ITEMS.test(namesOf(element)) || hasAncestor(element, (parent) => OTHER_ITEMS.test(namesOf(parent)), scope))
      continue;
    return value;
  }
  return null;
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
