import { load } from "cheerio";
import { compile as cssSelect } from "css-select";
import type { AnyNode, Element } from "domhandler";
import { describe, expect, it } from "vitest";
import {
  childElements,
  closest,
  compile,
  contains,
  type DomIndex,
  first,
  indexDom,
  inFurniture,
  nextSibling,
  select,
} from "./dom";
import { blockText, plainText, textContent } from "./text";

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

  it("matches plain tag selectors as css-select does, without css-select", () => {
    const $ = load(`<html><body><h1>A</h1><h2>B</h2><dt>t</dt><my-card>c</my-card><svg><foreignObject><p>x</p></foreignObject>
      <clipPath></clipPath></svg><script>s</script><style>p{}</style><template><td>x</td></template><div itemscope data-x="">i</div><p hidden>h</p></body></html>`);
    const index = indexDom($.root().get(0) as unknown as Element);
    for (const selector of [
      "*",
      "h1",
      "H1",
      "h2, h3, h4",
      " dt,th ,td ",
      "my-card",
      "foreignobject",
      "foreignObject",
      "clippath",
      "script, style",
    ]) {
      const reference = cssSelect<AnyNode, Element>(selector, { xmlMode: false });
      for (const element of index.elements)
        expect(compile(selector)(element), `${selector} on ${element.name}`).toBe(reference(element));
    }
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

  it("reads text and walks the tree as cheerio does, without a cheerio object", () => {
    const $ = load(`<html><body><div id="d">A<!-- hidden --><b>B<i>C</i></b><script>var s = "<x>";</script>
      <style>p{}</style><svg><title>T</title></svg><dl><dt id="t">Term</dt>text<!-- c --><dd id="d1">One</dd><dd>Two</dd></dl>
      <table><tr id="r"><th>H</th>x<td>D</td></tr></table><a href="/a"><span><em id="e">E</em></span></a></div></body></html>`);
    const index = indexDom($.root().get(0) as unknown as Element);
    const byId = (id: string) => index.elements.find((element) => element.attribs.id === id) as Element;
    for (const element of [...index.elements, $.root().get(0) as unknown as Element]) {
      expect(textContent(element)).toBe($(element).text());
    }
    expect(textContent(undefined)).toBe("");
    expect(closest(byId("e"), "a[href]")).toBe($(byId("e")).closest("a[href]").get(0));
    expect(closest(byId("e"), "em")).toBe(byId("e"));
    expect(closest(byId("e"), "table")).toBeUndefined();
    expect(nextSibling(byId("t"), "dd")).toBe(byId("d1"));
    expect(nextSibling(byId("d1"), "dt")).toBeUndefined();
    expect(childElements(byId("r"), "th, td")).toEqual($(byId("r")).children("th, td").toArray());
  });

  it("parses markup in a text as a fragment the way cheerio's load(text, null, false) did", () => {
    for (const value of [
      "<p>Adaptive noise cancelling &amp; 40-hour battery.</p><p>Folds flat for travel.</p>",
      "One<br>Two &copy2026<ul><li>a<li>b</ul><script>x()</script><table><td>cell",
      "<p hidden>gone</p><span style='display: none'>gone too</span>kept &nbsp; text",
    ]) {
      expect(plainText(value)).toBe(blockTextOfCheerioFragment(value));
    }
  });
});

/** The reference plainText read markup with: cheerio's fragment mode and blockText over its root. */
function blockTextOfCheerioFragment(value: string): string | null {
  // The same paragraph rules (blockText) over cheerio's tree instead of parse5's own.
  return blockText(load(value, null, false).root().get(0) as unknown as Element);
}
