import type { Metadata } from "next";
import { site } from "@/lib/config/site";

/**
 * A page's own title and description (docs/product.md#routes), repeated for link previews: a page's Open Graph object
 * replaces the inherited one whole, so each page states all of it here. Addresses stay relative (the canonical link)
 * or are left out (og:url, og:image, which must be absolute): pages are rendered before the host serving them is
 * known, and one build serves any host (docs/architecture.md#one-build-any-host).
 */
export function pageMetadata({ title, description, path }: { title: string; description: string; path: string }): Metadata {
  const fullTitle = `${title} | ${site.name}`;
  return {
    title,
    description,
    alternates: { canonical: path },
    openGraph: { title: fullTitle, description, siteName: site.name, type: "website", locale: "en_US" },
    twitter: { card: "summary", title: fullTitle, description },
  };
}
