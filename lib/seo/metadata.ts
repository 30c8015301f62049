import type { Metadata } from "next";
import { site } from "@/lib/config/site";

/**
 * A page's own title and description (docs/product.md#routes), repeated for link previews: a page's Open Graph object
 * replaces the inherited one whole, so each page states all of it here. The canonical link and og:url are absolute,
 * as crawlers require: built against a placeholder origin (the root layout's metadataBase) that the edge replaces
 * with the runtime APP_URL's (lib/seo/page-origin.ts), so one build serves any host
 * (docs/architecture.md#one-build-any-host). og:image comes from app/opengraph-image.tsx the same way.
 */
/**
 * The link preview image (app/opengraph-image.tsx), named on every page: a page's Open Graph object replaces the
 * layout's whole, images included, so the file convention alone would leave it off every page that has one.
 */
export const OPEN_GRAPH_IMAGE_SIZE = { width: 1200, height: 630 } as const;
export const openGraphImage = { url: "/opengraph-image", ...OPEN_GRAPH_IMAGE_SIZE, alt: `${site.name} — ${site.tagline}` };

export function pageMetadata({
  title,
  description,
  path,
  absoluteTitle = false,
}: {
  title: string;
  description: string;
  path: string;
  /** The title as it stands, without the site name the layout's template adds. */
  absoluteTitle?: boolean;
}): Metadata {
  const fullTitle = absoluteTitle ? title : `${title} | ${site.name}`;
  return {
    title: absoluteTitle ? { absolute: title } : title,
    description,
    alternates: { canonical: path },
    openGraph: {
      title: fullTitle,
      description,
      url: path,
      siteName: site.name,
      type: "website",
      locale: "en_US",
      images: [openGraphImage],
    },
    twitter: { card: "summary", title: fullTitle, description },
  };
}
