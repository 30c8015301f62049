import Link from "next/link";
import { legalLinks, type NavLink, site } from "@/lib/config/site";

const COLUMNS: ReadonlyArray<{ title: string; links: readonly NavLink[] }> = [
  {
    title: "Products",
    links: [
      { href: "/#scrapers", label: "Scraper Catalogue" },
      { href: "/#pricing", label: "Pricing" },
      { href: "/dashboard", label: "Dashboard" },
    ],
  },
  {
    title: "Resources",
    links: [
      { href: "/api-docs", label: "API Documentation" },
      { href: "/api-docs#code-examples", label: "Code Examples" },
      { href: "/api-docs#faq", label: "FAQ" },
    ],
  },
  {
    title: "Company",
    links: [
      { href: "/about", label: "About" },
      { href: "/contact", label: "Contact" },
      { href: `mailto:${site.supportEmail}`, label: "Email Support" },
    ],
  },
];

const COLUMN_LINK = "text-sm text-slate-600 hover:text-slate-900 hover:underline";

/**
 * docs/product.md#shared-frame: Products, Resources and Company columns plus the legal links. None prefetches: on
 * short pages (login, register) the footer is on the first screen, and fetching other pages' payloads right after
 * load competes with hydration for the main thread (the header's comment); a click still loads the page.
 */
export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold tracking-tight">{site.name}</p>
          <p className="mt-2 text-sm text-slate-600">{site.tagline}.</p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-labelledby={`footer-${column.title.toLowerCase()}`}>
            <h2 id={`footer-${column.title.toLowerCase()}`} className="text-sm font-semibold text-slate-900">
              {column.title}
            </h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.label}>
                  {link.href.startsWith("mailto:") ? (
                    <a href={link.href} className={COLUMN_LINK}>
                      {link.label}
                    </a>
                  ) : (
                    <Link href={link.href} prefetch={false} className={COLUMN_LINK}>
                      {link.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200">
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
          <p>© {site.name}. All rights reserved.</p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {legalLinks.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} prefetch={false} className="hover:text-slate-900 hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
