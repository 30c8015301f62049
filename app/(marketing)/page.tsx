import type { Metadata } from "next";
import { ApiExample } from "@/components/marketing/api-example";
import { ClosingCta } from "@/components/marketing/closing-cta";
import { Features } from "@/components/marketing/features";
import { Hero } from "@/components/marketing/hero";
import { HowItWorks } from "@/components/marketing/how-it-works";
import { Pricing } from "@/components/marketing/pricing";
import { ScraperList } from "@/components/marketing/scraper-list";
import { Section } from "@/components/marketing/section";
import { UseCases } from "@/components/marketing/use-cases";
import { site } from "@/lib/config/site";

// The root layout's default title and link preview are the home page's own.
export const metadata: Metadata = {
  title: { absolute: `${site.name} — ${site.tagline}` },
  description: site.description,
  alternates: { canonical: "/" },
};

export default function HomePage() {
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
        <ScraperList />
      </Section>
      <ApiExample />
      <UseCases />
      <Pricing />
      <ClosingCta />
    </main>
  );
}
