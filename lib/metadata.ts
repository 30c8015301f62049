import type { Metadata } from "next";
import { site } from "@/lib/config/site";

/** The link preview image (app/opengraph-image.tsx), rendered once at build time. */
export const OG_IMAGE = { url: "/opengraph-image", width: 1200, height: 630, alt: `${site.name} — ${site.tagline}` } as const;

/**
 * A page's own title and description (docs/product.md#routes), repeated for link previews: a page's Open Graph object
 * replaces the inherited one whole (image included), so each page states all of it here.
 */
export function pageMetadata({ title, description, path }: { title: string; description: string; path: string }): Metadata {
  const fullTitle = `${title} | ${site.name}`;
  return {
    title,
    description,
    alternates: { canonical: path },
    openGraph: {
      title: fullTitle,
      description,
      url: path,
      siteName: site.name,
      type: "website",
      locale: "en_US",
      images: [OG_IMAGE],
    },
    twitter: { card: "summary_large_image", title: fullTitle, description, images: [OG_IMAGE.url] },
  };
}
