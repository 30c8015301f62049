import { describe, expect, it } from "vitest";
import { fieldScraper, fixtureSite } from "@/test/support/fixture-site";

const site = fixtureSite();
const scrape = fieldScraper("restaurant", site);

describe("restaurant extractor", () => {
  it("reads a JSON-LD Restaurant: address, cuisines, opening hours specification, rating", async () => {
    expect(await scrape("jsonld.html")).toEqual([
      {
        title: "Luigi's Trattoria",
        price: null,
        description: "Handmade pasta and wood-fired pizza since 1987.",
        rating: 4.5,
        reviews: 1832,
        url: "https://luigistrattoria.example/",
        address: "212 Hanover St, Boston, MA 02113, US",
        phone: "+1 617-555-0142",
        cuisine: "Italian, Pizza",
        price_range: "$$",
        opening_hours: ["Mo-Th 11:30-22:00", "Fr,Sa 11:30-23:30", "Su 12:00-21:00"],
        image: "https://luigistrattoria.example/img/dining-room.jpg",
      },
    ]);
  });

  it("adds the reviews on request", async () => {
    const [item] = await scrape("jsonld.html", { includeReviews: true });
    expect(item?.review_list).toEqual([
      { author: "Kevin D.", rating: 5, body: "The cacio e pepe is worth the wait in line.", date: "2026-10-30" },
      { author: "Sandra L.", rating: 4, body: "Great food, a bit loud on weekends.", date: "2026-09-18" },
    ]);
  });

  it("reads microdata with openingHours meta tags and a review", async () => {
    expect(await scrape("microdata.html", { includeReviews: true })).toEqual([
      {
        title: "Le Petit Zinc",
        price: null,
        description: "Bouchon lyonnais, cuisine du marché.",
        rating: 4.7,
        reviews: 356,
        url: site.url("restaurant/microdata.html"),
        address: "8 rue Mercière, Lyon, 69002",
        phone: "04 78 00 00 00",
        cuisine: "Lyonnaise, Française",
        price_range: "€€",
        opening_hours: ["Tu-Sa 12:00-14:00", "Tu-Sa 19:00-22:30"],
        image: site.url("photos/petit-zinc-salle.jpg"),
        review_list: [{ author: "Camille", rating: 5, body: "Quenelles parfaites, accueil chaleureux.", date: "2026-06-02" }],
      },
    ]);
  });

  it("reads a plain HTML page: labels, tel: link, hours table, rating line and HTML reviews", async () => {
    expect(await scrape("plain.html", { includeReviews: true })).toEqual([
      {
        title: "Baan Siam",
        price: null,
        description: "Family recipes from Chiang Mai, cooked to order. Ask about our vegan menu.",
        rating: 4.4,
        reviews: 612,
        url: site.url("restaurant/plain.html"),
        address: "14 Leith Walk, Edinburgh EH6 5AA",
        phone: "0131 555 0199",
        cuisine: "Thai, Vegetarian friendly",
        price_range: "££",
        opening_hours: [
          "Monday Closed",
          "Tuesday – Thursday 17:00 – 22:00",
          "Friday – Saturday 12:00 – 23:00",
          "Sunday 12:00 – 21:00",
        ],
        image: site.url("images/baan-siam-dining.jpg"),
        review_list: [
          { author: "Fiona M.", rating: 5, body: "The khao soi is the best I've had outside Thailand.", date: "2026-11-01" },
          { author: "Ravi P.", rating: 3, body: "Tasty but we waited 40 minutes for mains.", date: "2026-10-12" },
        ],
      },
    ]);
  });

  it("gives one item per restaurant of a JSON-LD ItemList directory", async () => {
    const items = await scrape("directory.html");
    expect(
      items.map(({ title, address, phone, cuisine, price_range, rating, reviews, url }) => ({
        title,
        address,
        phone,
        cuisine,
        price_range,
        rating,
        reviews,
        url,
      })),
    ).toEqual([
      {
        title: "Noodle Tanuki",
        address: "1122 SE Division St, Portland, OR",
        phone: "(503) 555-0101",
        cuisine: "Japanese",
        price_range: "$$",
        rating: 4.7,
        reviews: 903,
        url: "https://eatsguide.example/r/noodle-tanuki",
      },
      {
        title: "Broth Lab",
        address: "45 NW 23rd Ave, Portland, OR",
        phone: null,
        cuisine: "Japanese, Ramen",
        price_range: "$",
        rating: 4.3,
        reviews: 288,
        url: "https://eatsguide.example/r/broth-lab",
      },
      {
        title: "Ramen Run",
        address: "900 N Mississippi Ave, Portland, OR",
        phone: null,
        cuisine: "Japanese",
        price_range: null,
        rating: null,
        reviews: null,
        url: "https://eatsguide.example/r/ramen-run",
      },
    ]);
  });

  it("gives one item per venue card of a directory without structured data", async () => {
    const items = await scrape("directory-plain.html");
    expect(
      items.map(({ title, address, cuisine, price_range, rating, url, image }) => ({
        title,
        address,
        cuisine,
        price_range,
        rating,
        url,
        image,
      })),
    ).toEqual([
      {
        title: "Paper Plane Café",
        address: "301 Brunswick St, Fitzroy VIC 3065",
        cuisine: "Café · Breakfast",
        price_range: "$$",
        rating: 4.6,
        url: site.url("venues/paper-plane-cafe"),
        image: site.url("venues/paperplane.jpg"),
      },
      {
        title: "Smith & Co",
        address: "88 Smith St, Collingwood VIC 3066",
        cuisine: "Café · Vegan",
        price_range: "$",
        rating: 4.2,
        url: site.url("venues/smith-and-co"),
        image: site.url("venues/smithandco.jpg"),
      },
    ]);
  });
});
