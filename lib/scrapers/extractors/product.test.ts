import { describe, expect, it } from "vitest";
import { fieldScraper, fixtureSite } from "@/test/support/fixture-site";

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
