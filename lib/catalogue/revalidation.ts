import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/env";
import { AppError } from "@/lib/errors";

/**
 * The catalogue pages (/, /scrapers/{id}) are rendered ahead of time and kept for a few minutes; whatever changes
 * the catalogue asks the running server to render them again (POST /api/catalogue/revalidate). The caller proves it
 * holds the server's secret with a token derived from AUTH_SECRET, so the token never needs its own setting and
 * changes whenever the secret does.
 */
export function catalogueRevalidationToken(secret: string = authSecret()): string {
  return createHmac("sha256", secret).update("scrapedeck:catalogue-revalidate").digest("hex");
}

/** Throws unless the Authorization header carries the revalidation token. */
export function assertRevalidationToken(authorization: string | null): void {
  const presented = Buffer.from(/^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1] ?? "");
  const expected = Buffer.from(catalogueRevalidationToken());
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
    throw new AppError("unauthorized", "A valid revalidation token is required");
  }
}

/** The pages that show the catalogue, as revalidatePath takes them. */
export const CATALOGUE_PAGES = [
  { path: "/", type: "page" },
  { path: "/scrapers/[id]", type: "page" },
  { path: "/sitemap.xml", type: "page" },
] as const;
