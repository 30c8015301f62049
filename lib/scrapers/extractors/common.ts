import type { Element } from "domhandler";
import { find, textOf } from "@/lib/scrapers/extract/html";
import type { Page } from "@/lib/scrapers/extract/page";
import { blockText, singleLine } from "@/lib/scrapers/extract/text";
import { child, children, hasType, raw, type Thing, text, texts } from "@/lib/scrapers/extract/things";
import type { BaseItem } from "@/lib/scrapers/types";

/** Title, description, image and address from Open Graph, Twitter cards and plain meta tags. */
export function metaBasics(page: Page): Pick<BaseItem, "title" | "description" | "url"> & { image: string | null } {
  const { meta } = page;
  return {
    title: meta.get("og:title", "twitter:title"),
    description: meta.get("og:description", "twitter:description", "description"),
    image: meta.get("og:image:secure_url", "og:image", "og:image:url", "twitter:image", "twitter:image:src"),
    url: meta.get("og:url") ?? meta.canonical,
  };
}

/** The item's first offer: offers, else the first variant's (ProductGroup.hasVariant). */
export function offerOf(thing: Thing): Thing | null {
  const offer = child(thing, "offers");
  if (offer) return hasType(offer, AGGREGATE) ? (child(offer, "offers") ?? offer) : offer;
  const variant = children(thing, "hasVariant").find((candidate) => child(candidate, "offers"));
  return variant ? offerOf(variant) : null;
}

const AGGREGATE = new Set(["AggregateOffer"]);

/** Every offer of the item: its offers, an AggregateOffer's own offers, and its variants' offers. */
export function offersOf(thing: Thing): Thing[] {
  const found: Thing[] = [];
  for (const offer of children(thing, "offers")) {
    found.push(offer);
    if (hasType(offer, AGGREGATE)) found.push(...children(offer, "offers"));
  }
  for (const variant of children(thing, "hasVariant")) found.push(...children(variant, "offers"));
  return found;
}

/** A PostalAddress as one line ("12 Main St, Springfield, IL 62701, US"), or an address written as text. */
export function formatAddress(value: Thing | string | null): string | null {
  if (!value) return null;
  if (typeof value === "string") return singleLine(value);
  const country = child(value, "addressCountry");
  const parts = [
    text(value, "streetAddress"),
    text(value, "addressLocality"),
    [text(value, "addressRegion"), text(value, "postalCode")].filter(Boolean).join(" ") || null,
    country ? text(country, "name", "identifier") : text(value, "addressCountry"),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : text(value, "name");
}

/** An entity's address: a PostalAddress, a Place's address, or a plain text. */
export function addressOf(thing: Thing | null, ...names: string[]): string | null {
  for (const name of names) {
    const nested = child(thing, name);
    const formatted = nested ? formatAddress(child(nested, "address") ?? nested) : formatAddress(raw(thing, name));
    if (formatted) return formatted;
  }
  return null;
}

/** Several texts as one: "Italian, Pizza". */
export function joined(thing: Thing | null, ...names: string[]): string | null {
  const list = texts(thing, ...names);
  return list.length > 0 ? list.join(", ") : null;
}

/** A detail page's description block (class or id "description", or the kind's own marker); a card's first paragraph. */
export function htmlDescription(page: Page, scope: Element, detail: boolean, extraSelector?: string): string | null {
  const selector = ['[class*="description" i]', '[id*="description" i]', extraSelector].filter(Boolean).join(", ");
  const element = find(page, scope, selector)[0];
  if (element) return blockText(element);
  return detail ? null : textOf(find(page, scope, "p")[0]);
}
