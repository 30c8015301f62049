import { describe, expect, it } from "vitest";
import { fieldScraper, fixtureSite } from "@/test/support/fixture-site";

const site = fixtureSite();
const scrape = fieldScraper("real_estate", site);

describe("real-estate extractor", () => {
  it("reads a JSON-LD RealEstateListing with its offer and the residence it is about", async () => {
    expect(await scrape("jsonld.html")).toEqual([
      {
        title: "Charming craftsman bungalow near Washington Park",
        price: 289000,
        currency: "USD",
        description: "Updated kitchen, original hardwood floors and a fenced backyard. Walk to the park.",
        rating: null,
        reviews: null,
        url: "https://homefinder.example/homes/1428-elm-st-springfield-il-62704",
        address: "1428 Elm St, Springfield, IL 62704, US",
        bedrooms: 3,
        bathrooms: 2,
        floor_size: { value: 1450, unit: "sqft" },
        property_type: "SingleFamilyResidence",
        image: "https://photos.homefinder.example/1428-elm/1.jpg",
      },
    ]);
  });

  it("reads a microdata Offer whose itemOffered is an Apartment (European number formats)", async () => {
    expect(await scrape("microdata.html")).toEqual([
      {
        title: "Helle 3-Zimmer-Wohnung mit Balkon",
        price: 425000,
        currency: "EUR",
        description: "Altbau, 3. Stock mit Lift, Balkon in den ruhigen Innenhof.",
        rating: null,
        reviews: null,
        url: site.url("real_estate/microdata.html"),
        address: "Zieglergasse 12, Wien, 1070",
        bedrooms: 3,
        bathrooms: 1,
        floor_size: { value: 84.5, unit: "sqm" },
        property_type: "Apartment",
        image: site.url("bilder/zieglergasse-12/wohnzimmer.jpg"),
      },
    ]);
  });

  it("reads a plain HTML listing: price, address, beds/baths/area facts, labelled type; nearby homes ignored", async () => {
    expect(await scrape("plain.html")).toEqual([
      {
        title: "88 Harbor View Rd",
        price: 1250000,
        currency: "USD",
        description: "Ocean views from every room, a chef's kitchen and a two-car garage.",
        rating: null,
        reviews: null,
        url: site.url("real_estate/plain.html"),
        address: "88 Harbor View Rd, Portland, ME 04101",
        bedrooms: 4,
        bathrooms: 3.5,
        floor_size: { value: 2860, unit: "sqft" },
        property_type: "Single family",
        image: site.url("photos/88-harbor-view/front.jpg"),
      },
    ]);
  });

  it("gives one item per result of a search page without structured data", async () => {
    const items = await scrape("search-results.html");
    expect(items).toEqual([
      {
        title: "2 bedroom flat for sale",
        price: 325000,
        currency: "GBP",
        description: "2 bedrooms · 1 bathroom · 689 sq ft",
        rating: null,
        reviews: null,
        url: site.url("properties/101"),
        address: "Cheltenham Road, Bristol BS6",
        bedrooms: 2,
        bathrooms: 1,
        floor_size: { value: 689, unit: "sqft" },
        property_type: "flat",
        image: site.url("img/101.jpg"),
      },
      {
        title: "3 bedroom terraced house for sale",
        price: 450000,
        currency: "GBP",
        description: "3 bedrooms · 2 bathrooms · 95 m²",
        rating: null,
        reviews: null,
        url: site.url("properties/102"),
        address: "Ashley Down Road, Bristol BS7",
        bedrooms: 3,
        bathrooms: 2,
        floor_size: { value: 95, unit: "sqm" },
        property_type: "terraced house",
        image: site.url("img/102.jpg"),
      },
      {
        title: "5 bedroom detached house for sale",
        price: 1150000,
        currency: "GBP",
        description: "5 bedrooms · 3 bathrooms",
        rating: null,
        reviews: null,
        url: site.url("properties/103"),
        address: "Downs Park West, Bristol BS6",
        bedrooms: 5,
        bathrooms: 3,
        floor_size: null,
        property_type: "detached house",
        image: site.url("img/103.jpg"),
      },
    ]);
  });
});
