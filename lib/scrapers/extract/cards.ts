import type { Element } from "domhandler";
import { find, isBoilerplate } from "./html";
import type { Page } from "./page";
import { blockText } from "./text";

const MIN_CARDS = 2;
/** Share of a repeated group that must look like the kind's card before the group counts. */
const MIN_ACCEPTED_SHARE = 0.6;

export interface CardGroup {
  cards: Element[];
  /** Text length of the cards against the page content's: a listing's cards are most of its content. */
  share: number;
}

/**
 * The repeated blocks of a listing page without structured data (search results, category grids,
 * directories): sibling-like elements with the same tag and classes under parents of the same kind,
 * each holding a link and accepted by the kind's own test (a price for products, …). The largest such
 * group wins; cards in a grid of rows group together because the key is parent + child signature.
 */
export function findCards(page: Page, accepts: (card: Element) => boolean): CardGroup | null {
  const groups = new Map<string, Element[]>();
  for (const parent of [page.content, ...find(page, page.content, "*")]) {
    const signature = signatureOf(parent);
    for (const node of parent.children) {
      if (node.type !== "tag") continue;
      const element = node as Element;
      const key = `${signature}>${signatureOf(element)}`;
      const group = groups.get(key);
      if (group) group.push(element);
      else groups.set(key, [element]);
    }
  }

  let best: Element[] = [];
  let bestLength = 0;
  for (const members of groups.values()) {
    if (members.length < MIN_CARDS || members.length < best.length) continue;
    const linked = members.filter((member) => hasLink(member) && !isBoilerplate(page, member, page.content));
    const accepted = linked.filter(accepts);
    if (accepted.length < MIN_CARDS || accepted.length < members.length * MIN_ACCEPTED_SHARE) continue;
    const length = textLength(accepted);
    if (accepted.length > best.length || (accepted.length === best.length && length > bestLength)) {
      best = accepted;
      bestLength = length;
    }
  }
  if (best.length === 0) return null;
  const total = blockText(page.content, (element) => isBoilerplate(page, element, page.content))?.length ?? 1;
  return { cards: best, share: bestLength / total };
}

function signatureOf(element: Element): string {
  const classes = (element.attribs.class ?? "")
    .split(/\s+/)
    .filter((name) => name && !/\d/.test(name) && !/active|selected|first|last|odd|even|featured|sponsored/i.test(name))
    .sort();
  return `${element.name}.${classes.join(".")}`;
}

function hasLink(element: Element): boolean {
  if (element.name === "a" && element.attribs.href) return true;
  const stack = [...element.children];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node?.type !== "tag") continue;
    const child = node as Element;
    if (child.name === "a" && child.attribs.href) return true;
    stack.push(...child.children);
  }
  return false;
}

function textLength(elements: Element[]): number {
  return elements.reduce((sum, element) => sum + (blockText(element)?.length ?? 0), 0);
}
