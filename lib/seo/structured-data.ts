// Structured data (schema.org as JSON-LD) for search engines. Addresses are relative: a JSON-LD block embedded in a
// page resolves them against that page's own address, so one build describes itself correctly on any host.
import type { ScraperDetailDto } from "@/lib/catalogue/dto";
import { PLANS } from "@/lib/config/plans";
import { site } from "@/lib/config/site";

type JsonLd = Record<string, unknown>;

const ORGANIZATION_ID = "/#organization";

export function organizationJsonLd(): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": ORGANIZATION_ID,
    name: site.name,
    description: site.description,
    url: "/",
    logo: "/icon.svg",
    contactPoint: [
      { "@type": "ContactPoint", contactType: "customer support", email: site.supportEmail },
      { "@type": "ContactPoint", contactType: "sales", email: site.salesEmail },
    ],
  };
}

/** A scraper as the product it is: a web API sold with the plans that include it. */
export function scraperJsonLd(scraper: ScraperDetailDto): JsonLd {
  const plan = PLANS[scraper.required_plan];
  return {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: scraper.name,
    description: scraper.description,
    url: `/scrapers/${scraper.id}`,
    applicationCategory: "DeveloperApplication",
    applicationSubCategory: scraper.category,
    operatingSystem: "Any (HTTP API)",
    publisher: { "@type": "Organization", "@id": ORGANIZATION_ID, name: site.name },
    offers: {
      "@type": "Offer",
      price: plan.priceUsd,
      priceCurrency: "USD",
      description: `Included in the ${plan.name} plan and above`,
    },
  };
}

/** The script text: `<` is escaped so that no value can close the script element early. */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
