import type { MetadataRoute } from "next";
import { env } from "@/lib/infra/env";

// Read per request: the sitemap's address comes from the APP_URL the server runs with, not the one it was built with.
export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/api/", "/dashboard", "/licenses/"] },
    sitemap: new URL("/sitemap.xml", env.APP_URL).toString(),
  };
}
