import { describe, expect, it } from "vitest";
import { fieldScraper, fixtureSite } from "@/test/support/fixture-site";
import { extractFromHtml } from "../engine";

const site = fixtureSite();
const scrape = fieldScraper("product", site);

const backpack = {
  title: "Trailblazer 45L Backpack",
  price: 149.99,
  price_decimal: "149.99",
  price_raw: "$149.99",
  currency: "USD",
  currency_raw: "$",
  description:
    "A 45-litre pack for multi-day hikes, with an adjustable back system and rain cover.\n\nMade from recycled ripstop nylon.",
  rating: 4.7,
  reviews: 1284,
  availability: "InStock",
  brand: "Summit",
  sku: "TB45-GRN",
  gtin: "012345678905",
};

describe("product extractor", () => {
  it("reads JSON-LD in a @graph, ahead of Open Graph and the visible page", async () => {
    const items = await scrape("jsonld.html");
    expect(items).toEqual([
      {
        title: "Sonora Pro Wireless Headphones",
        price: 249.99,
        price_decimal: "249.99",
        price_raw: "249.99",
        currency: "USD",
        currency_raw: "USD",
        description: "Adaptive noise cancelling & 40-hour battery.\n\nFolds flat for travel.",
        rating: 4.6,
        reviews: 213,
        url: "https://shop.sonora.example/products/sonora-pro",
        availability: "InStock",
        brand: "Sonora",
        sku: "SNR-PRO-BLK",
        gtin: "4006381333931",
        image: "https://cdn.sonora.example/products/sonora-pro-front.jpg",
      },
    ]);
  });

  it("adds the reviews on request (review_list)", async () => {
    const [item] = await scrape("jsonld.html", { includeReviews: true });
    expect(item?.review_list).toEqual([
      {
        author: "Maya R.",
        rating: 5,
        body: "Best noise cancelling I have owned. The battery lasts a week of commuting.",
        date: "2026-09-14",
      },
      { author: "Tom B.", rating: 4, body: "Comfortable, but the case is bulky.", date: "2026-10-02T16:45:00.000Z" },
    ]);
  });

  it("reads microdata with a European price and its reviews", async () => {
    const items = await scrape("microdata.html", { includeReviews: true });
    expect(items).toEqual([
      {
        title: "Kaffeevollautomat Barista Deluxe",
        price: 1299,
        price_decimal: "1299.00",
        price_raw: "1299.00",
        currency: "EUR",
        currency_raw: "EUR",
        description: "Frisch gemahlener Kaffee auf Knopfdruck.\n\nMit Milchaufschäumer und 15 bar Pumpendruck.",
        rating: 4.3,
        reviews: 87,
        url: site.url("product/microdata.html"),
        availability: "LimitedAvailability",
        brand: "Kaffeekunst",
        sku: "KW-55012",
        gtin: "4251234567890",
        image: site.url("media/barista-deluxe.jpg"),
        review_list: [
          { author: "Jürgen K.", rating: 5, body: "Macht hervorragenden Espresso.", date: "2026-08-01" },
          { author: "Anna S.", rating: 3, body: "Laut beim Mahlen.", date: "2026-07-12" },
        ],
      },
    ]);
  });

  it("reads RDFa Lite", async () => {
    const items = await scrape("rdfa.html");
    expect(items).toEqual([
      {
        title: "Vélo de ville Lyon 7 vitesses",
        price: 649.9,
        price_decimal: "649.90",
        price_raw: "649.90",
        currency: "EUR",
        currency_raw: "EUR",
        description: "Cadre aluminium, moyeu Shimano Nexus 7 vitesses, porte-bagages.",
        rating: 4.2,
        reviews: 19,
        url: site.url("product/rdfa.html"),
        availability: "PreOrder",
        brand: "Rue Cycles",
        sku: "RC-LYON-7",
        gtin: null,
        image: site.url("photos/lyon-7.jpg"),
      },
    ]);
  });

  it("reads Open Graph product tags when the page has nothing else", async () => {
    const items = await scrape("opengraph.html");
    expect(items).toEqual([
      {
        title: "Linen Throw Blanket",
        price: 89,
        price_decimal: "89.00",
        price_raw: "89.00",
        currency: "GBP",
        currency_raw: "GBP",
        description: "Stonewashed European linen throw, 130 x 170 cm.",
        rating: null,
        reviews: null,
        url: "https://hearthandloom.example/throws/linen-throw",
        availability: "OutOfStock",
        brand: "Hearth & Loom",
        sku: "HL-THROW-SAGE",
        gtin: null,
        image: "https://hearthandloom.example/images/linen-throw.jpg",
      },
    ]);
  });

  it("reads plain HTML: heading, current (not struck) price, labels, rating, stock, reviews", async () => {
    const items = await scrape("plain.html", { includeReviews: true });
    expect(items).toEqual([
      {
        ...backpack,
        url: site.url("product/plain.html"),
        image: site.url("img/products/trailblazer-45-green.jpg"),
        review_list: [
          { author: "Priya N.", rating: 5, body: "Carried it across the Dolomites. Zero complaints.", date: "2026-10-20" },
          { author: "Leo M.", rating: 4, body: "Great pack, hip belt pockets are small.", date: "2026-09-03" },
        ],
      },
    ]);
  });

  it("repairs broken JSON-LD (comments, trailing commas, single quotes, raw line breaks) block by block", async () => {
    const items = await scrape("broken-jsonld.html");
    expect(items).toEqual([
      {
        title: "Ceramic Pour-Over Set",
        price: 54,
        price_decimal: "54.00",
        price_raw: "54.00",
        currency: "CAD",
        currency_raw: "CAD",
        description: "Hand-glazed dripper\nwith two cups. Dishwasher safe.",
        rating: null,
        reviews: null,
        url: site.url("product/broken-jsonld.html"),
        availability: "InStock",
        brand: "Kiln & Co",
        sku: "PO-SET-2",
        gtin: null,
        image: site.url("img/pour-over.jpg"),
      },
    ]);
  });

  it.each([
    ["declared in <meta>", "windows-1252.html"],
    ["declared by Content-Type", "windows-1252.html?charset=windows-1252"],
  ])("decodes a windows-1252 page (%s)", async (_how, path) => {
    const [item] = await scrape(path);
    expect(item).toMatchObject({
      title: "Crème-brûlée-Brenner „Flamme“",
      price: 49.95,
      currency: "EUR",
      availability: "InStock",
      brand: "Küchenmeister",
      sku: "KM-BRÛLÉE-01",
      description: "Für Crème brûlée, Baiser und Gratins – mit Sicherheitsverschluss.",
    });
  });

  it("gives the same item from a gzip answer and after redirects (url = the final page)", async () => {
    const [zipped] = await scrape("plain.html?encoding=gzip");
    const [redirected] = await scrape("redirect/3/product/plain.html");
    expect(zipped).toMatchObject(backpack);
    expect(redirected).toMatchObject({ ...backpack, url: site.url("product/plain.html") });
  });

  it("gives one item per entry of a JSON-LD ItemList", async () => {
    const items = await scrape("category-jsonld.html");
    expect(
      items.map(({ title, price, currency, availability, url, rating, reviews }) => ({
        title,
        price,
        currency,
        availability,
        url,
        rating,
        reviews,
      })),
    ).toEqual([
      {
        title: "Sonora Pro Wireless Headphones",
        price: 249.99,
        currency: "USD",
        availability: "InStock",
        url: site.url("products/sonora-pro"),
        rating: null,
        reviews: null,
      },
      {
        title: "Sonora Lite On-Ear",
        price: 79,
        currency: "USD",
        availability: null,
        url: site.url("products/sonora-lite"),
        rating: 4.1,
        reviews: 52,
      },
      {
        title: "Sonora Buds",
        price: 129,
        currency: "USD",
        availability: "OutOfStock",
        url: site.url("products/sonora-buds"),
        rating: null,
        reviews: null,
      },
    ]);
    expect(items[0]?.image).toBe(site.url("images/sonora-pro.jpg"));
  });

  it("gives one item per card of a category page without structured data", async () => {
    const items = await scrape("category-plain.html");
    expect(
      items.map(({ title, price, currency, url, image, rating }) => ({ title, price, currency, url, image, rating })),
    ).toEqual([
      {
        title: "Cast Iron Tetsubin",
        price: 48,
        currency: "GBP",
        url: site.url("teapots/cast-iron-tetsubin"),
        image: site.url("img/tetsubin.jpg"),
        rating: 4.8,
      },
      {
        title: "Glass Infuser Teapot",
        price: 24.5,
        currency: "GBP",
        url: site.url("teapots/glass-infuser"),
        image: site.url("img/glass-infuser.jpg"),
        rating: null,
      },
      {
        title: "Brown Betty, 6 cup",
        price: 32.99,
        currency: "GBP",
        url: site.url("teapots/brown-betty"),
        image: site.url("img/brown-betty.jpg"),
        rating: null,
      },
      {
        title: "Yixing Clay Teapot",
        price: 1250,
        currency: "GBP",
        url: site.url("teapots/yixing-clay"),
        image: site.url("img/yixing.jpg"),
        rating: null,
      },
    ]);
  });

  it("reads a full-size category page (290 KB, mega menu, inline state, was-prices): 48 cards", async () => {
    const items = await scrape("category-large.html");
    expect(items).toHaveLength(48);
    expect(items[0]).toEqual({
      title: "Stoneware Kettle No. 1",
      price: 44.03,
      price_decimal: "44.03",
      price_raw: "£44.03",
      currency: "GBP",
      currency_raw: "£",
      description: null,
      rating: null,
      reviews: null,
      url: site.url("products/stoneware-kettle-no-1"),
      availability: null,
      brand: null,
      sku: null,
      gtin: null,
      image: site.url("cdn/shop/stoneware-kettle-no-1_360x.webp"),
    });
    expect(items[1]).toMatchObject({ title: "Glass Tin No. 2", price: 109.68, rating: 3.1, reviews: 10 });
    expect(items[47]).toMatchObject({
      title: "Speckled Strainer No. 48",
      price: 154.89,
      url: site.url("products/speckled-strainer-no-48"),
    });
    expect(items.every((item) => item.currency === "GBP" && item.url?.includes("/products/"))).toBe(true);
  });
});

describe("product extractor: the main product's data on real-world layouts", () => {
  it("prints the shown product code over structured data's internal id, and is in stock when any size is", async () => {
    const [item] = await scrape("size-variants.html");
    expect(item).toMatchObject({
      title: "Trail Runner GTX",
      price: 129.95,
      currency: "EUR",
      availability: "InStock",
      sku: "5501/240",
    });
  });

  it("takes the price after the heading, not a recently-viewed item's, in the page's currency; a buy button means in stock", async () => {
    const [item] = await scrape("plain-shop.html");
    expect(item).toMatchObject({
      title: "Botines Ranger FG",
      price: 3499,
      currency: "ARS",
      availability: "InStock",
      sku: "RG-4471-09",
    });
  });

  it("reads a written og:price and takes the product id from the page address", async () => {
    const [item] = await scrape("deal-meta.html");
    expect(item).toMatchObject({
      title: "좋은아침 : 정기구독 1년",
      price: 30000,
      currency: "KRW",
      availability: "InStock",
      sku: "4548094738",
    });
  });
});

describe("product extractor: patterns that generalise to unseen shops", () => {
  it("finds the name and the price without an <h1> in a shop that wraps the product in its cart form, past a filter's price ranges, a mini-cart, points and also-purchased prices", async () => {
    const [item] = await scrape("form-shop.html");
    expect(item).toMatchObject({
      title: "Enamel Kettle - 2 Litre",
      price: 24.5,
      price_decimal: "24.50",
      price_raw: "£24.50",
      currency: "GBP",
      currency_raw: "£",
      // No stated availability: a price and an enabled buy button mean it is for sale.
      availability: "InStock",
    });
  });

  it("takes the buy-now price beside the title and the button, not a bid, an estimate, a hidden variant, shipping, a per-unit figure or a carousel's", async () => {
    const [item] = await scrape("auction-lot.html");
    expect(item).toMatchObject({ price: 349, price_decimal: "349.00", currency: "USD", availability: "InStock" });
  });

  it("takes the price meta tags over a structured list price the page does not show (a markdown)", async () => {
    const [item] = await scrape("sale-meta.html");
    expect(item).toMatchObject({ price: 120, price_decimal: "120.00", price_raw: "120.00", currency: "USD", sku: "BWS-1-AB" });
  });

  it("reads the shop's own id from a data-sku attribute, not a sentence in JSON-LD's sku nor a model name", async () => {
    const [item] = await scrape("sku-attributes.html");
    expect(item).toMatchObject({ title: "Slim Fit Oxford Shirt", price: 39, sku: "TL-OX-1042-L" });
  });

  it("anchors on the product's own name when the page's <h1>s name other deals, and reads a number marked number_unit", async () => {
    const [item] = await scrape("deal-list-h1.html");
    expect(item).toMatchObject({ price: 24000, price_raw: "24,000원", currency: "KRW", availability: "InStock" });
  });

  it("reads a classified ad's NOT SOLD as in stock", async () => {
    const [item] = await scrape("classified-ad.html");
    expect(item).toMatchObject({ price: 240, currency: "CAD", availability: "InStock" });
  });

  it("reads an unmarked availability line beside the buy box, and a labelled Art.-Nr.", async () => {
    const [item] = await scrape("nicht-lieferbar.html");
    expect(item).toMatchObject({
      price: 49.95,
      price_raw: "49,95 €",
      currency: "EUR",
      availability: "OutOfStock",
      sku: "GP-28-0415",
    });
  });
});

describe("product extractor: availability and prices in the page's words", () => {
  const URL = "https://shop.example/p/1";
  const product = (lang: string, body: string) =>
    `<!doctype html><html lang="${lang}"><head><title>Item</title></head><body><main><h1>Item</h1>${body}</main></body></html>`;

  it.each([
    ["fr-FR", "<p>Rupture de stock</p>", "OutOfStock"],
    ["es-ES", "<span>Agotado</span>", "OutOfStock"],
    ["it-IT", "<b>Non disponibile</b>", "OutOfStock"],
    ["nl-NL", "<span>Niet op voorraad</span>", "OutOfStock"],
    ["pl-PL", "<span>Brak w magazynie</span>", "OutOfStock"],
    ["ru-RU", "<span>Нет в наличии</span>", "OutOfStock"],
    ["sv-SE", "<span>Slutsåld</span>", "SoldOut"],
    ["ja-JP", "<span>予約受付中</span>", "PreOrder"],
    ["de-DE", "<span>Vorbestellbar</span>", "PreOrder"],
    ["pt-BR", "<span>Em estoque</span>", "InStock"],
    ["tr-TR", "<span>Stokta yok</span>", "OutOfStock"],
  ])("reads a %s page's %s as %s", (lang, line, availability) => {
    const html = product(lang, `<p class="price">12,00 €</p>${line}<button class="buy" disabled>—</button>`);
    expect(extractFromHtml("product", html, URL)[0]).toMatchObject({
      availability,
      _meta: { sources: { availability: "text" } },
    });
  });

  it.each([
    ["zh-TW", '<p class="price">NT$ 210</p><a class="button" href="#" rel="buy">馬上購買</a>'],
    [
      "es-AR",
      '<p class="price">$ 3.499</p><select name="talle"><option>40</option></select><button class="add-to-cart btn" disabled></button>',
    ],
    ["en", '<p class="price">$20.00</p><input type="submit" class="cssButton" value="Add to Cart">'],
  ])("infers InStock from a price and a buy control on a %s page (a disabled one waits for a size)", (lang, body) => {
    expect(extractFromHtml("product", product(lang, body), URL)[0]).toMatchObject({
      availability: "InStock",
      _meta: { sources: { availability: "markup" } },
    });
  });

  it("infers nothing from a buy control without a price, nor from a price without one", () => {
    expect(
      extractFromHtml("product", product("en", '<button class="add-to-cart">Add to cart</button>'), URL)[0]?.availability,
    ).toBeNull();
    expect(extractFromHtml("product", product("en", '<p class="price">$20.00</p>'), URL)[0]?.availability).toBeNull();
  });

  it("does not take a sentence that mentions stock for the availability", () => {
    const html = product(
      "en",
      '<p class="price">$12.00</p><p>Our last sold out edition is back in stock next spring, order yours now.</p>',
    );
    expect(extractFromHtml("product", html, URL)[0]?.availability).toBeNull();
  });

  it("reads a price in the country's currency: kr on a Swedish page, $ on a page of a Canadian shop", () => {
    expect(extractFromHtml("product", product("sv-SE", '<p class="price">1 299 kr</p>'), URL)[0]).toMatchObject({
      price: 1299,
      currency: "SEK",
      currency_raw: "kr",
    });
    expect(
      extractFromHtml("product", product("en", '<p class="price">$49.99</p>'), "https://shop.example.ca/p/1")[0],
    ).toMatchObject({ price: 49.99, currency: "CAD", currency_raw: "$" });
  });

  it("keeps the structured price when the page shows it beside the title, even if the meta tags disagree", () => {
    const html = `<!doctype html><html><head><meta property="product:price:amount" content="99.00">
      <meta property="product:price:currency" content="USD">
      <script type="application/ld+json">{"@type":"Product","name":"Lamp","offers":{"price":"79.00","priceCurrency":"USD"}}</script>
      </head><body><h1>Lamp</h1><p class="price">$79.00</p></body></html>`;
    expect(extractFromHtml("product", html, URL)[0]).toMatchObject({ price: 79, _meta: { sources: { price: "json-ld" } } });
  });
});
