import { serializeJsonLd } from "@/lib/seo/structured-data";

/** Structured data for search engines, in the server HTML (lib/seo/structured-data.ts). */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be raw script text; serializeJsonLd escapes "<"
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
