import type { Element } from "domhandler";
import { cleanText } from "./text";

/**
 * One schema.org entity, whichever markup it came from (JSON-LD, microdata or RDFa): its type names
 * and its properties, each a list of strings or nested entities. Names are schema.org's local names
 * ("Product", "offers"), whatever prefix or vocabulary URL the page used.
 */
export interface Thing {
  types: string[];
  props: Record<string, Value[]>;
  /** JSON-LD @id or microdata itemid. */
  id?: string;
  /** The element that holds a microdata or RDFa entity, for heuristics within it. */
  element?: Element;
}

export type Value = string | Thing;

const SCHEMA_PREFIX = /^(?:https?:\/\/(?:www\.)?schema\.org\/|schema:)/i;

/** "https://schema.org/Product", "schema:Product", "Product" → "Product". */
export function localName(name: string): string {
  const trimmed = name.trim();
  // Both prefixes hold a colon: most names ("name", "offers") skip the regex.
  return trimmed.includes(":") ? trimmed.replace(SCHEMA_PREFIX, "") : trimmed;
}

export function isThing(value: Value | undefined): value is Thing {
  return typeof value === "object" && value !== null;
}

export function hasType(thing: Thing, types: ReadonlySet<string>): boolean {
  return thing.types.some((type) => types.has(type));
}

export function addValue(thing: Thing, name: string, value: Value): void {
  const key = localName(name);
  const list = thing.props[key];
  if (list) list.push(value);
  else thing.props[key] = [value];
}

const NO_VALUES: readonly Value[] = [];

/**
 * The values under `names`, in order. Read-only: with one name holding values (the usual case) this is the
 * entity's own list, not a copy.
 */
export function values(thing: Thing | null | undefined, ...names: string[]): readonly Value[] {
  if (!thing) return NO_VALUES;
  const { props } = thing;
  let found: readonly Value[] | undefined;
  let merged: Value[] | undefined;
  for (const name of names) {
    // Hand-written JSON-LD often lower-cases property names ("lowprice", "pricecurrency").
    const list = props[name] ?? props[name.toLowerCase()];
    if (!list || list.length === 0) continue;
    if (!found) found = list;
    else {
      merged ??= [...found];
      merged.push(...list);
    }
  }
  return merged ?? found ?? NO_VALUES;
}

/** The first nested entity under one of `names`. */
export function child(thing: Thing | null | undefined, ...names: string[]): Thing | null {
  return values(thing, ...names).find(isThing) ?? null;
}

export function children(thing: Thing | null | undefined, ...names: string[]): Thing[] {
  return values(thing, ...names).filter(isThing);
}

/** A value as text: strings as they are, an entity by its name (or its own value). */
export function valueText(value: Value | undefined): string | null {
  if (value === undefined) return null;
  if (typeof value === "string") return cleanText(value);
  return text(value, "name", "value", "text") ?? null;
}

/** The first non-empty text under one of `names`. */
export function text(thing: Thing | null | undefined, ...names: string[]): string | null {
  for (const value of values(thing, ...names)) {
    const found = valueText(value);
    if (found) return found;
  }
  return null;
}

/** Every non-empty text under `names`, without repeats. */
export function texts(thing: Thing | null | undefined, ...names: string[]): string[] {
  const found = values(thing, ...names)
    .map(valueText)
    .filter((value): value is string => Boolean(value));
  return [...new Set(found)];
}

/** The first raw string (not an entity's name) under `names`: prices and counts keep their own format. */
export function raw(thing: Thing | null | undefined, ...names: string[]): string | null {
  for (const value of values(thing, ...names)) {
    if (typeof value === "string" && value.trim()) return value.trim();
    if (isThing(value)) {
      const inner = raw(value, "value");
      if (inner) return inner;
    }
  }
  return null;
}

/** An address-like value: a URL string, or an entity's url / contentUrl / @id. */
export function link(thing: Thing | null | undefined, base: string, ...names: string[]): string | null {
  for (const value of values(thing, ...names)) {
    const href = typeof value === "string" ? value : (raw(value, "url", "contentUrl", "embedUrl") ?? value.id);
    const absolute = absoluteUrl(href, base);
    if (absolute) return absolute;
  }
  return null;
}

export function absoluteUrl(href: string | null | undefined, base: string): string | null {
  const value = href?.trim();
  if (!value || value.startsWith("data:") || value.startsWith("javascript:")) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === "http:" || url.protocol === "https:" || url.protocol === "file:" ? url.href : null;
  } catch {
    return null;
  }
}
