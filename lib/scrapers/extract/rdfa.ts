import type { Element } from "domhandler";
import { type DomIndex, select } from "./dom";
import { splitList } from "./microdata";
import { blockText } from "./text";
import { absoluteUrl, addValue, localName, type Thing } from "./things";

const SRC_TAGS = new Set(["audio", "embed", "iframe", "img", "source", "track", "video"]);
const HREF_TAGS = new Set(["a", "area", "link"]);

/**
 * schema.org entities written in RDFa Lite (vocab="https://schema.org/" typeof="Product" property="name").
 * Properties of other vocabularies (og:, dc:, …) are left to the meta-tag layer.
 */
export function parseRdfa(index: DomIndex, base: string): Thing[] {
  return select(index, null, "[typeof]")
    .filter((element) => element.attribs.property === undefined)
    .map((element) => readItem(element, base));
}

function readItem(scope: Element, base: string): Thing {
  const thing: Thing = { types: schemaNames(scope.attribs.typeof), props: Object.create(null), element: scope };
  if (scope.attribs.resource) thing.id = scope.attribs.resource;
  const visit = (element: Element) => {
    for (const node of element.children) {
      if (node.type !== "tag") continue;
      const child = node as Element;
      const names = schemaNames(child.attribs.property);
      const nested = child.attribs.typeof !== undefined;
      if (names.length > 0) {
        const value = nested ? readItem(child, base) : propertyValue(child, base);
        for (const name of names) addValue(thing, name, value);
      }
      if (!nested) visit(child);
    }
  };
  visit(scope);
  return thing;
}

function schemaNames(value: string | undefined): string[] {
  return splitList(value)
    .map(localName)
    .filter((name) => !name.includes(":"));
}

function propertyValue(element: Element, base: string): string {
  const { name, attribs } = element;
  if (attribs.content !== undefined) return attribs.content;
  if (HREF_TAGS.has(name) && attribs.href) return absoluteUrl(attribs.href, base) ?? "";
  if (SRC_TAGS.has(name) && attribs.src) return absoluteUrl(attribs.src, base) ?? "";
  if (attribs.resource) return absoluteUrl(attribs.resource, base) ?? attribs.resource;
  if (name === "time" && attribs.datetime) return attribs.datetime;
  return blockText(element) ?? "";
}
