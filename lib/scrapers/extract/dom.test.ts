import { load } from "cheerio";
import type { Element } from "domhandler";
import { describe, expect, it } from "vitest";
import { compile, contains, type DomIndex, first, indexDom, inFurniture, select } from "./dom";

const html = `<html><body>
  <header><nav><a id="menu" href="/">Home</a></nav></header>
  <main>
    <article><header><h1 id="headline">Title</h1></header>
      <div class="Product-Price price--current" data-price="12"><span id="amount">£12</span></div>
      <aside><a id="aside-link" href="/x">Related</a></aside>
      <p aria-label="Rated 4 out of 5" id="rating">★★★★☆</p>
    </article>
  </main>
  <footer><p id="legal">© 2026</p></footer>
  <script type="application/ld+json">{}</script>
</body></html>`;

function setup(): { index: DomIndex; byId: (id: string) => Element } {
  const $ = load(html);
  const index = indexDom($.root().get(0) as unknown as Element);
  return { index, byId: (id) => index.elements.find((element) => element.attribs.id === id) as Element };
}

describe("DOM index", () => {
  it("lists every element once, in document order, scripts included", () => {
    const { index } = setup();
    expect(index.elements.map((element) => element.name).slice(0, 6)).toEqual(["html", "head", "body", "header", "nav", "a"]);
    expect(select(index, null, 'script[type*="LD+JSON" i]')).toHaveLength(1);
  });

  it("matches the supported selector subset", () => {
    const { index, byId } = setup();
    const ids = (selector: string, scope: Element | null = null) =>
      select(index, scope, selector).map((element) => element.attribs.id ?? element.name);
    expect(ids('[class*="price" i]')).toEqual(["div"]);
    expect(ids('[class*="PRICE"]')).toEqual([]);
    expect(ids("[data-price]")).toEqual(["div"]);
    expect(ids('[class~="price--current"]')).toEqual(["div"]);
    expect(ids('a[href^="/x"], h1')).toEqual(["headline", "aside-link"]);
    expect(ids('[aria-label*="out of" i]')).toEqual(["rating"]);
    expect(ids("article span")).toEqual(["amount"]);
    expect(ids("nav a[href]")).toEqual(["menu"]);
    expect(ids("span", byId("headline"))).toEqual([]);
    expect(first(index, "p")?.attribs.id).toBe("rating");
  });

  it("matches full CSS through css-select, within the scope's slice of the index", () => {
    const { index, byId } = setup();
    const ids = (selector: string, scope: Element | null = null) =>
      select(index, scope, selector).map((element) => element.attribs.id ?? element.name);
    expect(ids(".price--current")).toEqual(["div"]);
    expect(ids("article > header > h1")).toEqual(["headline"]);
    expect(ids("article p:not([id=legal])")).toEqual(["rating"]);
    expect(ids("a:first-child", byId("menu").parent as Element)).toEqual(["menu"]);
    // The scope bounds the candidates, not the selector: ancestors above the scope still match "main a".
    expect(ids("main a", first(index, "aside") as Element)).toEqual(["aside-link"]);
  });

  it("throws on a selector that is not CSS instead of matching everything", () => {
    expect(() => compile("a[href")).toThrow();
    expect(() => compile("a:no-such-pseudo")).toThrow("Unknown pseudo-class");
  });

  it("knows what is page furniture relative to a scope", () => {
    const { index, byId } = setup();
    const body = first(index, "body") as Element;
    expect(inFurniture(index, byId("menu"), body)).toBe(true);
    expect(inFurniture(index, byId("legal"), body)).toBe(true);
    expect(inFurniture(index, byId("aside-link"), body)).toBe(true);
    // An article's own header holds its headline: not furniture.
    expect(inFurniture(index, byId("headline"), body)).toBe(false);
    expect(inFurniture(index, byId("amount"), body)).toBe(false);
    // Furniture around the scope itself does not count.
    expect(inFurniture(index, byId("aside-link"), first(index, "aside") as Element)).toBe(false);
    expect(select(index, body, "a[href]", { skipFurniture: true })).toEqual([]);
  });

  it("answers containment from positions", () => {
    const { index, byId } = setup();
    const article = first(index, "article") as Element;
    expect(contains(index, article, byId("amount"))).toBe(true);
    expect(contains(index, article, byId("legal"))).toBe(false);
    expect(contains(index, article, article)).toBe(false);
  });
});
