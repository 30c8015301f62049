import { ButtonLink } from "@/components/ui/button";

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto w-full max-w-6xl px-4 py-20 text-center sm:py-28">
        <p className="inline-flex rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-medium text-brand-700">
          Six ready-made scrapers · one JSON API
        </p>
        <h1 id="hero-title" className="mx-auto mt-6 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-6xl">
          Structured data from any website, one API call away
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
          ScrapeDeck runs pre-built scrapers for products, social profiles, property listings, jobs, news and restaurants. Send a
          URL with your API key and get clean JSON back — no browsers to babysit, no selectors to maintain.
        </p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink href="/register" prefetch={false} size="lg">
            Get Started for Free
          </ButtonLink>
          <ButtonLink href="#scrapers" prefetch={false} variant="outline" size="lg">
            Browse Scrapers
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
