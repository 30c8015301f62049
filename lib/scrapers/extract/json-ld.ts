import { decodeHTML } from "entities";
import { assertJsonDepth } from "@/lib/scrapers/limits";
import { type DomIndex, select } from "./dom";
import { parseLenientJson } from "./lenient-json";
import { textContent } from "./text";
import { addValue, localName, type Thing, type Value } from "./things";

/**
 * Every entity in the page's JSON-LD blocks: top-level objects, arrays and @graph members, with
 * {"@id": …} references resolved to the entity they name. Each block is parsed on its own, so one
 * broken block does not hide the others.
 */
export function parseJsonLd(index: DomIndex): Thing[] {
  const registry = new Map<string, Thing>();
  const references: Thing[] = [];
  const top: Thing[] = [];

  const convert = (node: Record<string, unknown>): Thing => {
    const thing: Thing = { types: typesOf(node["@type"]), props: Object.create(null) };
    if (typeof node["@id"] === "string") thing.id = node["@id"];
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith("@")) continue;
      if (!Array.isArray(value)) {
        const converted = toValue(value);
        if (converted !== null) addValue(thing, key, converted);
        continue;
      }
      for (const item of value.flat(2)) {
        const converted = toValue(item);
        if (converted !== null) addValue(thing, key, converted);
      }
    }
    if (thing.id && (thing.types.length > 0 || Object.keys(thing.props).length > 0)) {
      const known = registry.get(thing.id);
      if (known) mergeInto(known, thing);
      else registry.set(thing.id, thing);
    } else if (thing.id) {
      references.push(thing);
    }
    return thing;
  };

  const toValue = (value: unknown): Value | null => {
    if (value === null || value === undefined) return null;
    // Many CMSs write HTML entities into JSON-LD strings ("&amp;", "&#8216;").
    if (typeof value === "string") return value.includes("&") ? decodeHTML(value) : value;
    if (typeof value === "number" || typeof value === "boolean") return String(value);
    if (typeof value !== "object") return null;
    const node = value as Record<string, unknown>;
    if ("@value" in node) return toValue(node["@value"]);
    return convert(node);
  };

  const collect = (node: unknown) => {
    if (Array.isArray(node)) {
      for (const item of node) collect(item);
      return;
    }
    if (!node || typeof node !== "object") return;
    const object = node as Record<string, unknown>;
    if ("@graph" in object) {
      collect(object["@graph"]);
      const { "@graph": _graph, "@context": _context, ...rest } = object;
      if (Object.keys(rest).length === 0) return;
    }
    top.push(convert(object));
  };

  for (const element of select(index, null, 'script[type*="ld+json" i]')) {
    const parsed = parseLenientJson(textContent(element));
    if (parsed === undefined) continue;
    // convert() recurses along the nesting: bounded here.
    assertJsonDepth(parsed);
    collect(parsed);
  }

  for (const reference of references) {
    const target = reference.id ? registry.get(reference.id) : undefined;
    if (target && target !== reference) {
      reference.types = target.types;
      reference.props = target.props;
    }
  }
  // A @graph member that is only referenced from another member is still a top-level entity here;
  // duplicates are merged later by the extractors.
  return top.filter((thing) => thing.types.length > 0 || Object.keys(thing.props).length > 0);
}

function typesOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((type): type is string => typeof type === "string").map(localName);
}

function mergeInto(target: Thing, source: Thing): void {
  target.types = [...new Set([...target.types, ...source.types])];
  for (const [key, list] of Object.entries(source.props)) {
    target.props[key] = [...(target.props[key] ?? []), ...list];
  }
}
