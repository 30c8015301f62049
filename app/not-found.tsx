import type { Metadata } from "next";
import Link from "next/link";
import { BookIcon, GridIcon, SearchIcon } from "@/components/site/icons";
import { prefetchFor } from "@/components/site/prefetch";
import { ButtonLink } from "@/components/ui/button";

export const metadata: Metadata = {
  title: "Page Not Found",
  description: "The page you are looking for does not exist.",
};

const CARDS = [
  { href: "/#scrapers", title: "Browse Scrapers", body: "See the catalogue of ready-made scrapers.", icon: SearchIcon },
  { href: "/api-docs", title: "API Documentation", body: "Endpoints, authentication and code examples.", icon: BookIcon },
  { href: "/dashboard", title: "Dashboard", body: "Your API keys, scrapers and licenses.", icon: GridIcon },
] as const;

export default function NotFound() {
  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-4xl px-4 py-24 text-center outline-none">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">404 error</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">Page Not Found</h1>
      <p className="mt-4 text-lg text-slate-600">Sorry, we couldn't find the page you're looking for.</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink href="/" size="lg">
          Back to Home
        </ButtonLink>
        <ButtonLink href="/contact" variant="outline" size="lg">
          Contact Support
        </ButtonLink>
      </div>
      <ul className="mt-16 grid gap-6 text-left sm:grid-cols-3">
        {CARDS.map((card) => (
          <li key={card.href}>
            <Link
              href={card.href}
              prefetch={prefetchFor(card.href)}
              className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-500 hover:shadow-md"
            >
              <card.icon className="text-brand-700" />
              <h2 className="mt-4 font-semibold">{card.title}</h2>
              <p className="mt-1 text-sm text-slate-600">{card.body}</p>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
