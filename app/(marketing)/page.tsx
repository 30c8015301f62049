import type { Metadata } from "next";
import { apiPath } from "@/client/contract";
import { ApiExample } from "@/components/marketing/api-example";
import { ClosingCta } from "@/components/marketing/closing-cta";
import { Features } from "@/components/marketing/features";
import { Hero } from "@/components/marketing/hero";
import { HowItWorks } from "@/components/marketing/how-it-works";
import { Pricing } from "@/components/marketing/pricing";
import { SAMPLE_RUN_RESPONSE } from "@/components/marketing/run-sample";
import { ScraperList } from "@/components/marketing/scraper-list";
import { Section } from "@/components/marketing/section";
import { UseCases } from "@/components/marketing/use-cases";
import { JsonLd } from "@/components/site/json-ld";
import { PrefetchedQuery } from "@/components/site/prefetched-query";
import { listScrapers } from "@/lib/catalogue/queries";
import { site } from "@/lib/config/site";
import { pageMetadata } from "@/lib/seo/metadata";
import { loadForPage } from "@/lib/seo/page-load";
import { organizationJsonLd } from "@/lib/seo/structured-data";

// The root layout's default title and link preview are the home page's own.
export const metadata: Metadata = pageMetadata({
  title: `${site.name} — ${site.tagline}`,
  description: site.description,
  path: "/",
  absoluteTitle: true,
});

/**
 * The catalogue is in the HTML (docs/architecture.md#catalogue-pages): rendered at build time, again at most every
 * five minutes, and at once when the catalogue changes (POST /api/catalogue/revalidate).
 */
export const revalidate = 300;

export default async function HomePage() {
  const scrapers = await loadForPage("catalogue", listScrapers);
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <Hero />
      <Features />
      <HowItWorks />
      <Section
        id="scrapers"
        eyebrow="Catalogue"
        title="Available scrapers"
        intro="Pick a scraper to see its endpoint, parameters and response format."
      >
        <PrefetchedQuery path={apiPath("/api/scrapers")} data={scrapers}>
          <ScraperList />
        </PrefetchedQuery>
      </Section>
      <ApiExample sampleResponse={SAMPLE_RUN_RESPONSE} />
      <UseCases />
      <Pricing />
      <ClosingCta />
      <JsonLd data={organizationJsonLd()} />
    </main>
  );
}
