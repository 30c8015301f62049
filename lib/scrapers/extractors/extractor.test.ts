import { describe, expect, it } from "vitest";
import { extractFromHtml } from "@/lib/scrapers/engine";

const URL = "https://shop.example/products/mug";
const page = (head: string, body = "") => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const jsonLd = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

describe("layered extraction", () => {
  it("merges one product marked up twice (JSON-LD and microdata), each layer filling the other's gaps", () => {
    const html = page(
      jsonLd({
        "@context": "https://schema.org",
        "@type": "Product",
        name: "Stoneware Mug",
        offers: { price: "18.00", priceCurrency: "EUR" },
      }),
      `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Stoneware Mug</h1>
        <span itemprop="brand">Kiln &amp; Co</span><meta itemprop="sku" content="MUG-1"></div>`,
    );
    expect(extractFromHtml("product", html, URL)).toMatchObject([
      { title: "Stoneware Mug", price: 18, currency: "EUR", brand: "Kiln & Co", sku: "MUG-1", url: URL },
    ]);
  });

  it("resolves @id references inside a @graph", () => {
    const html = page(
      jsonLd({
        "@context": "https://schema.org",
        "@graph": [
          { "@type": "Offer", "@id": "#offer", price: 9.5, priceCurrency: "GBP", availability: "https://schema.org/SoldOut" },
          { "@type": "Brand", "@id": "#brand", name: "Ridge" },
          { "@type": "Product", name: "Tea Towel", offers: { "@id": "#offer" }, brand: { "@id": "#brand" } },
        ],
      }),
    );
    expect(extractFromHtml("product", html, URL)).toMatchObject([
      { title: "Tea Towel", price: 9.5, currency: "GBP", availability: "SoldOut", brand: "Ridge" },
    ]);
  });

  it("reads a ProductGroup's price from its first variant", () => {
    const html = page(
      jsonLd({
        "@context": "https://schema.org",
        "@type": "ProductGroup",
        name: "Linen Shirt",
        productGroupID: "LS",
        hasVariant: [
          {
            "@type": "Product",
            name: "Linen Shirt S",
            sku: "LS-S",
            offers: { "@type": "Offer", price: 59, priceCurrency: "USD" },
          },
          {
            "@type": "Product",
            name: "Linen Shirt M",
            sku: "LS-M",
            offers: { "@type": "Offer", price: 61, priceCurrency: "USD" },
          },
        ],
      }),
    );
    expect(extractFromHtml("product", html, URL)).toMatchObject([{ title: "Linen Shirt", price: 59, currency: "USD" }]);
  });

  it("keeps the page's own product when related products are marked up too", () => {
    const product = (name: string, url: string) => ({ "@context": "https://schema.org", "@type": "Product", name, url });
    const html = page(
      jsonLd([product("Walnut Desk", "/p/walnut-desk"), product("Desk Lamp", "/p/desk-lamp"), product("Chair", "/p/chair")]),
      "<h1>Walnut Desk</h1>",
    );
    expect(extractFromHtml("product", html, "https://shop.example/p/walnut-desk").map((item) => item.title)).toEqual([
      "Walnut Desk",
    ]);
  });

  it("lists several products of a microdata ItemList", () => {
    const html = page(
      "",
      `<ol itemscope itemtype="https://schema.org/ItemList">
        <li itemprop="itemListElement" itemscope itemtype="https://schema.org/Product"><a itemprop="url" href="/a"><span itemprop="name">A</span></a>
          <span itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">1.00</span><meta itemprop="priceCurrency" content="USD"></span></li>
        <li itemprop="itemListElement" itemscope itemtype="https://schema.org/Product"><a itemprop="url" href="/b"><span itemprop="name">B</span></a></li>
      </ol>`,
    );
    expect(
      extractFromHtml("product", html, "https://shop.example/c").map(({ title, url, price }) => ({ title, url, price })),
    ).toEqual([
      { title: "A", url: "https://shop.example/a", price: 1 },
      { title: "B", url: "https://shop.example/b", price: null },
    ]);
  });

  it("ignores prices in the navigation, hidden elements and struck-through prices", () => {
    const html = page(
      "<title>Mug</title>",
      `<nav><a href="/cart">Cart ($99.00)</a></nav><h1>Mug</h1>
       <div class="price" hidden>$1.00</div><div class="price"><del>$30.00</del> <ins>$24.00</ins></div>`,
    );
    expect(extractFromHtml("product", html, URL)).toMatchObject([{ title: "Mug", price: 24, currency: "USD" }]);
  });

  it("omits review_list unless asked, and gives [] when asked and there are none", () => {
    const html = page(jsonLd({ "@context": "https://schema.org", "@type": "Product", name: "Mug" }));
    expect(extractFromHtml("product", html, URL)[0]).not.toHaveProperty("review_list");
    expect(extractFromHtml("product", html, URL, { includeReviews: true })[0]?.review_list).toEqual([]);
  });
});
