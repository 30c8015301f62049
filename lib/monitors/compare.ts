// What changed on the watched pages between two checks of a monitor: per URL new, same, changed, removed or
// failed; for items a field-level diff; for Markdown a unified diff. Pure: the monitors feature hands it the
// previous successful results and the new ones, and records what it says (docs/decisions.md#change-detection).
import { diffMarkdown, type TextDiff } from "./text-diff";

/** An extracted item as stored with its run: a JSON object. */
export type Item = Record<string, unknown>;

/** One URL's outcome in a check. */
export type UrlResult =
  | {
      ok: true;
      items: Item[];
      /** The page as Markdown, when the monitor asks for that format. */
      markdown?: string | null;
    }
  | { ok: false; error: { code: string; message: string } };

/**
 * - new: the URL has no earlier successful result to compare with.
 * - same / changed: compared with its earlier result.
 * - removed: it had an earlier result and is no longer checked (taken off the monitor).
 * - failed: its run failed this time; the earlier result stays the one to compare the next check with.
 */
export type UrlStatus = "new" | "same" | "changed" | "removed" | "failed";

export interface FieldChange {
  /** The item field, dotted into objects ("salary.min"); arrays are compared whole. */
  field: string;
  before: unknown;
  after: unknown;
}

export type ItemChange =
  | { kind: "added"; key: string; item: Item }
  | { kind: "removed"; key: string; item: Item }
  | { kind: "changed"; key: string; changes: FieldChange[] };

export interface UrlComparison {
  url: string;
  status: UrlStatus;
  /** Item changes, when both results have items to compare; `unchanged` counts the rest. */
  items?: { changes: ItemChange[]; unchanged: number };
  /** When both results have Markdown and it differs. */
  markdown?: TextDiff;
  /** failed: why. */
  error?: { code: string; message: string };
}

export interface CompareOptions {
  /**
   * The item fields whose changes count (a field named here covers its dotted sub-fields); all when absent. An
   * item that appears or disappears counts whatever they are.
   */
  fields?: readonly string[];
}

export interface CheckComparison {
  urls: UrlComparison[];
  /** Something is new, changed or removed: what a `monitor.changed` event is sent for. */
  changed: boolean;
}

// ─── Values ──────────────────────────────────────────────────────────────────────────────────────────────────

/** A number written as text ("19.90", "-3", "0.5"); not codes with leading zeros ("007"), which stay text. */
const DECIMAL = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

/**
 * The value as compared: numbers as numbers whether stored as numbers or decimal text ("19.90" is 19.9), text with
 * its runs of whitespace collapsed and ends trimmed, absent and null alike, object keys in one order.
 */
export function canonicalValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) ? value + 0 : null;
  if (typeof value === "string") {
    const text = value.replace(/\s+/g, " ").trim();
    return DECIMAL.test(text) ? Number(text) + 0 : text;
  }
  if (Array.isArray(value)) return value.map(canonicalValue);
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => [key, canonicalValue(inner)] as const)
      .filter(([, inner]) => inner !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries);
  }
  return value;
}

/** One string per distinct value: equal fingerprints are equal values. */
const fingerprint = (value: unknown) => JSON.stringify(canonicalValue(value));

export function sameValue(a: unknown, b: unknown): boolean {
  return fingerprint(a) === fingerprint(b);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The item's leaves by dotted path: objects are walked, arrays and scalars are leaves. */
function leaves(value: Record<string, unknown>, prefix = "", into = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(inner) && Object.keys(inner).length > 0) leaves(inner, path, into);
    else into.set(path, inner);
  }
  return into;
}

/** The fields of `after` that differ from `before` and count under `fields`. */
export function fieldChanges(before: Item, after: Item, fields?: readonly string[]): FieldChange[] {
  const [a, b] = [leaves(before), leaves(after)];
  const counts = (path: string) => !fields || fields.some((field) => path === field || path.startsWith(`${field}.`));
  const changes: FieldChange[] = [];
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    if (!counts(path)) continue;
    const [was, is] = [a.get(path) ?? null, b.get(path) ?? null];
    if (!sameValue(was, is)) changes.push({ field: path, before: was, after: is });
  }
  return changes.sort((x, y) => (x.field < y.field ? -1 : x.field > y.field ? 1 : 0));
}

// ─── Items ───────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Fields that name an item, in the order they are trusted: a listing's items have their own page address; a
 * product its SKU or GTIN; some sources an id; a title is the last resort.
 */
export const ITEM_KEY_FIELDS = ["url", "sku", "gtin", "id", "title"] as const;

interface Entry {
  item: Item;
  position: number;
}

/**
 * The key field used to pair the items left after identical ones are paired: the first of ITEM_KEY_FIELDS that
 * some item on each side has and that no two items on one side share.
 */
function keyFieldFor(before: Entry[], after: Entry[]): string | null {
  for (const field of ITEM_KEY_FIELDS) {
    const usable = [before, after].every((side) => {
      const values = side.map(({ item }) => canonicalValue(item[field])).filter((value) => value !== null && value !== "");
      return values.length > 0 && new Set(values.map((value) => JSON.stringify(value))).size === values.length;
    });
    if (usable) return field;
  }
  return null;
}

/**
 * Pairs the items of two results and says what changed. Items are matched so that order alone is never a change:
 * 1. identical items (all fields, as compared) pair first, wherever they stand;
 * 2. the rest pair by their key field (keyFieldFor): equal keys are one item, changed; a key on one side only is
 *    an item added or removed;
 * 3. what has no key pairs by position among what is left; the surplus is added or removed.
 */
export function compareItems(
  before: readonly Item[],
  after: readonly Item[],
  options: CompareOptions = {},
): { changes: ItemChange[]; unchanged: number } {
  let unchanged = 0;
  // 1. Identical items, as a multiset.
  const waiting = new Map<string, Entry[]>();
  before.forEach((item, position) => {
    const print = fingerprint(item);
    waiting.set(print, [...(waiting.get(print) ?? []), { item, position }]);
  });
  const restAfter: Entry[] = [];
  after.forEach((item, position) => {
    const twin = waiting.get(fingerprint(item))?.shift();
    if (twin) unchanged++;
    else restAfter.push({ item, position });
  });
  const restBefore = [...waiting.values()].flat().sort((a, b) => a.position - b.position);

  const changes: ItemChange[] = [];
  const pair = (was: Entry, is: Entry, key: string) => {
    const changed = fieldChanges(was.item, is.item, options.fields);
    if (changed.length > 0) changes.push({ kind: "changed", key, changes: changed });
    else unchanged++;
  };

  // 2. By key.
  const keyField = keyFieldFor(restBefore, restAfter);
  let [positionalBefore, positionalAfter] = [restBefore, restAfter];
  if (keyField) {
    const keyOf = (entry: Entry) => {
      const value = canonicalValue(entry.item[keyField]);
      return value === null || value === "" ? null : JSON.stringify(value);
    };
    const beforeByKey = new Map(restBefore.flatMap((entry) => (keyOf(entry) ? [[keyOf(entry), entry] as const] : [])));
    const afterKeys = new Set(restAfter.map(keyOf).filter((key) => key !== null));
    const label = (entry: Entry) => `${keyField}=${String(entry.item[keyField])}`;
    for (const entry of restAfter) {
      const key = keyOf(entry);
      if (key === null) continue;
      const was = beforeByKey.get(key);
      if (was) pair(was, entry, label(entry));
      else changes.push({ kind: "added", key: label(entry), item: entry.item });
    }
    for (const entry of restBefore) {
      const key = keyOf(entry);
      if (key !== null && !afterKeys.has(key)) changes.push({ kind: "removed", key: label(entry), item: entry.item });
    }
    positionalBefore = restBefore.filter((entry) => keyOf(entry) === null);
    positionalAfter = restAfter.filter((entry) => keyOf(entry) === null);
  }

  // 3. By position.
  const count = Math.max(positionalBefore.length, positionalAfter.length);
  for (let i = 0; i < count; i++) {
    const [was, is] = [positionalBefore[i], positionalAfter[i]];
    if (was && is) pair(was, is, `#${is.position}`);
    else if (is) changes.push({ kind: "added", key: `#${is.position}`, item: is.item });
    else if (was) changes.push({ kind: "removed", key: `#${was.position}`, item: was.item });
  }
  return { changes, unchanged };
}

// ─── URLs and checks ─────────────────────────────────────────────────────────────────────────────────────────

/** One URL's result against its last successful one (`previous`; undefined when it has none). */
export function compareUrl(
  url: string,
  previous: UrlResult | undefined,
  current: UrlResult | undefined,
  options: CompareOptions = {},
): UrlComparison {
  if (current === undefined) return { url, status: "removed" };
  if (!current.ok) return { url, status: "failed", error: current.error };
  if (!previous?.ok) return { url, status: "new" };
  const items = compareItems(previous.items, current.items, options);
  const markdown =
    typeof previous.markdown === "string" && typeof current.markdown === "string"
      ? diffMarkdown(previous.markdown, current.markdown)
      : null;
  const changed = items.changes.length > 0 || markdown !== null;
  return { url, status: changed ? "changed" : "same", items, ...(markdown ? { markdown } : {}) };
}

/**
 * A check against the last successful result of each URL: every URL of either side, in the current check's order,
 * then those no longer checked.
 */
export function compareCheck(
  previous: Readonly<Record<string, UrlResult>>,
  current: Readonly<Record<string, UrlResult>>,
  options: CompareOptions = {},
): CheckComparison {
  const urls = [...Object.keys(current), ...Object.keys(previous).filter((url) => !(url in current))];
  const compared = urls.map((url) => compareUrl(url, previous[url], current[url], options));
  return {
    urls: compared,
    changed: compared.some(({ status }) => status === "new" || status === "changed" || status === "removed"),
  };
}
