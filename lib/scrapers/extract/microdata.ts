import type { Element } from "domhandler";
import { type DomIndex, select } from "./dom";
import { blockText } from "./text";
import { absoluteUrl, addValue, localName, type Thing } from "./things";

const SRC_TAGS = new Set(["audio", "embed", "iframe", "img", "source", "track", "video"]);
const HREF_TAGS = new Set(["a", "area", "link"]);

/** The page's top-level microdata items (itemscope without itemprop), with their nested items. */
export function parseMicrodata(index: DomIndex, base: string): Thing[] {
  return select(index, null, "[itemscope]")
    .filter((element) => element.attribs.itemprop === undefined)
    .map((element) => readItem(index, element, base, new Set()));
}

function readItem(index: DomIndex, scope: Element, base: string, open: Set<Element>): Thing {
  const thing: Thing = { types: splitList(scope.attribs.itemtype).map(localName), props: Object.create(null), element: scope };
  if (scope.attribs.itemid) thing.id = scope.attribs.itemid;
  open.add(scope);

  const visit = (element: Element) => {
    const names = splitList(element.attribs.itemprop);
    const nested = element.attribs.itemscope !== undefined;
    if (names.length > 0) {
      // An item that (through itemref) contains itself would loop forever: skip the inner copy.
      const value = nested ? (open.has(element) ? null : readItem(index, element, base, open)) : propertyValue(element, base);
      if (value !== null) for (const name of names) addValue(thing, name, value);
    }
    if (!nested) visitChildren(element);
  };
  const visitChildren = (element: Element) => {
    for (const node of element.children) if (node.type === "tag") visit(node as Element);
  };

  visitChildren(scope);
  for (const id of splitList(scope.attribs.itemref)) {
    const referenced = index.elements.find((element) => element.attribs.id === id);
    if (referenced) visit(referenced);
  }
  open.delete(scope);
  return thing;
}

function propertyValue(element: Element, base: string): string {
  const { name, attribs } = element;
  // Many sites put the machine value in content="" on any element: <span itemprop="price" content="1299.00">.
  if (attribs.content !== undefined) return attribs.content;
  // <meta itemprop value=""> as some pages (and page archivers) write it: the same machine value.
  if (name === "meta" && attribs.value !== undefined) return attribs.value;
  if (SRC_TAGS.has(name)) return absoluteUrl(attribs.src ?? attribs["data-src"], base) ?? "";
  if (HREF_TAGS.has(name)) return absoluteUrl(attribs.href, base) ?? "";
  if (name === "object") return absoluteUrl(attribs.data, base) ?? "";
  if ((name === "data" || name === "meter") && attribs.value !== undefined) return attribs.value;
  if (name === "time" && attribs.datetime) return attribs.datetime;
  return blockText(element) ?? "";
}

export function splitList(value: string | undefined): string[] {
  return value ? value.split(/\s+/).filter(Boolean) : [];
}
