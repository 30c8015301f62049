import { ButtonLink } from "@/components/ui/button";

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="bg-brand-700">
      <div className="mx-auto w-full max-w-4xl px-4 py-16 text-center sm:py-20">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          Ready to start scraping?
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">
          Create a free account, generate an API key and make your first call in under five minutes.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink href="/register" prefetch={false} size="lg" variant="secondary">
            Sign Up Free
          </ButtonLink>
          <ButtonLink href="/contact" size="lg" className="border border-white/60 bg-transparent text-white hover:bg-white/10">
            Contact Sales
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
