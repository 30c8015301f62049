import { describe, expect, it } from "vitest";
import { fieldScraper, fixtureSite } from "@/test/support/fixture-site";
import { parseSalary } from "./job";

const site = fixtureSite();
const scrape = fieldScraper("job", site);
const nulls = { price: null, rating: null, reviews: null };

describe("job extractor", () => {
  it("reads a JSON-LD JobPosting: HTML description as text, salary range, remote location, dates", async () => {
    expect(await scrape("jsonld.html")).toEqual([
      {
        ...nulls,
        title: "Senior Backend Engineer (Go)",
        description:
          "Parcelhop moves 2 million parcels a day. Join the routing team.\n\nDesign event-driven services in Go\n\nOwn on-call for the dispatch API\n\nBenefits: health, dental & a home-office budget.",
        url: "https://workboard.example/jobs/parcelhop-senior-backend-engineer-go-2291",
        company: "Parcelhop",
        location: "500 Market St, San Francisco, CA 94105, US; Remote (USA)",
        employment_type: "FULL_TIME",
        salary: { min: 165000, max: 205000, currency: "USD", unit: "YEAR" },
        date_posted: "2026-11-02",
        valid_through: "2026-12-16T04:59:59.000Z",
        phone: null,
        email: null,
      },
    ]);
  });

  it("repairs a JobPosting with raw line breaks and trailing commas", async () => {
    expect(await scrape("broken-jsonld.html")).toEqual([
      {
        ...nulls,
        title: "Warehouse Associate – Night Shift",
        description: "Pick, pack and ship orders.\nForklift certification is a plus.\nOvertime available.",
        url: site.url("job/broken-jsonld.html"),
        company: "Northline Logistics",
        location: "Reno, NV, US",
        employment_type: "FULL_TIME, TEMPORARY",
        salary: { min: 21.5, max: 21.5, currency: "USD", unit: "HOUR" },
        date_posted: "2026-11-20",
        valid_through: null,
        phone: null,
        email: null,
      },
    ]);
  });

  it("reads microdata, with a salary written as text and a German employment type", async () => {
    expect(await scrape("microdata.html")).toEqual([
      {
        ...nulls,
        title: "Werkstudent (m/w/d) Datenanalyse",
        description:
          "Du unterstützt unser Team bei der Auswertung von Verbrauchsdaten.\n\n20 Stunden pro Woche, flexible Arbeitszeiten.",
        url: site.url("job/microdata.html"),
        company: "Stadtwerke Nordhafen GmbH",
        location: "Hamburg, DE",
        employment_type: "PART_TIME",
        salary: { min: 18, max: 18, currency: "EUR", unit: "HOUR" },
        date_posted: "2026-10-15",
        valid_through: null,
        phone: null,
        email: null,
      },
    ]);
  });

  it("reads a plain HTML posting from its label/value facts", async () => {
    expect(await scrape("plain.html")).toEqual([
      {
        ...nulls,
        title: "Pastry Chef",
        description:
          "About the role\n\nLaminate croissant dough and lead the 5am bake.\n\nThree years of professional pastry experience required.",
        url: site.url("job/plain.html"),
        company: "Maison Dorée Bakery",
        location: "Montreal, QC",
        employment_type: "PART_TIME",
        salary: { min: 24, max: 28, currency: "CAD", unit: "HOUR" },
        date_posted: "2026-03-03",
        valid_through: "2026-04-01",
        phone: null,
        email: null,
      },
    ]);
  });

  it("gives one item per search result", async () => {
    const items = await scrape("search.html");
    expect(items.map(({ description: _description, ...item }) => item)).toEqual([
      {
        ...nulls,
        title: "Frontend Developer (React)",
        url: site.url("jobs/8812-frontend-developer-react"),
        company: "Lumen Health",
        location: "Berlin, Germany",
        employment_type: "FULL_TIME",
        salary: { min: 60000, max: 75000, currency: "EUR", unit: "YEAR" },
        date_posted: "2026-11-18",
        valid_through: null,
        phone: null,
        email: null,
      },
      {
        ...nulls,
        title: "Platform Engineer",
        url: site.url("jobs/8790-platform-engineer"),
        company: "Kiezbank",
        location: "Berlin (hybrid)",
        employment_type: "FULL_TIME",
        salary: { min: 85000, max: 95000, currency: "EUR", unit: "YEAR" },
        date_posted: "2026-11-15",
        valid_through: null,
        phone: null,
        email: null,
      },
      {
        ...nulls,
        title: "Junior PHP Developer",
        url: site.url("jobs/8701-junior-php-developer"),
        company: "Spreewald Media",
        location: "Berlin, Germany",
        employment_type: "CONTRACTOR",
        salary: null,
        date_posted: "2026-11-09",
        valid_through: null,
        phone: null,
        email: null,
      },
    ]);
  });
});

describe("parseSalary", () => {
  it.each([
    ["$90,000 – $120,000 a year", { min: 90000, max: 120000, currency: "USD", unit: "YEAR" }],
    ["€45k–55k per year", { min: 45000, max: 55000, currency: "EUR", unit: "YEAR" }],
    ["£15/hour", { min: 15, max: 15, currency: "GBP", unit: "HOUR" }],
    ["CHF 8'500 bis 9'200 pro Monat", { min: 8500, max: 9200, currency: "CHF", unit: "MONTH" }],
    ["$40 - $55 an hour", { min: 40, max: 55, currency: "USD", unit: "HOUR" }],
  ])("reads %s", (text, salary) => {
    expect(parseSalary(text)).toEqual(salary);
  });

  it("needs a currency", () => {
    expect(parseSalary("Competitive")).toBeNull();
    expect(parseSalary("40-55")).toBeNull();
  });
});

describe("job extractor: the contact's phone and e-mail", () => {
  it("reads JobPosting.applicationContact", async () => {
    const [item] = await scrape("contact-jsonld.html");
    expect(item).toMatchObject({ title: "Warehouse Shift Lead", phone: "+1 555 0100", email: "jobs@northdock.example" });
  });

  it("reads a microdata applicationContact (a mailto: link as its email), not the footer's addresses", async () => {
    const [item] = await scrape("contact-microdata.html");
    expect(item).toMatchObject({
      title: "Bakery Assistant – Early Shifts",
      phone: "+44 161 496 0000",
      email: "jobs@crumb.example",
    });
  });

  it("reads labelled lines without links (Téléphone :, Candidatures par e-mail :)", async () => {
    const [item] = await scrape("contact-labelled.html");
    expect(item).toMatchObject({ phone: "04 91 00 00 00", email: "recrutement@brasserie-port.example" });
  });

  it("reads a visible contact block: tel: and mailto: links, labelled lines", async () => {
    const [item] = await scrape("contact-plain.html");
    expect(item).toMatchObject({
      title: "Pflegefachkraft (m/w/d)",
      phone: "+49 30 1234567",
      email: "karriere@klinik-mitte.example",
    });
  });
});
