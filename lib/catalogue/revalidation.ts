import "server-only";
import { timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/infra/env";
import { AppError } from "@/lib/infra/errors";
import { revalidationTokenFor } from "./revalidation-token";

/**
 * The catalogue pages (/, /scrapers/{id}) are rendered ahead of time and kept for a few minutes; whatever changes
 * the catalogue asks the running server to render them again (POST /api/catalogue/revalidate). The caller proves it
 * holds the server's secret with a token derived from AUTH_SECRET, so the token never needs its own setting and
 * changes whenever the secret does.
 */
export function catalogueRevalidationToken(secret: string = authSecret()): string {
  return revalidationTokenFor(secret);
}

/** Throws unless the Authorization header carries the revalidation token. */
export function assertRevalidationToken(authorization: string | null): void {
  const presented = Buffer.from(/^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1] ?? "");
  const expected = Buffer.from(catalogueRevalidationToken());
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
    throw new AppError("unauthorized", "A valid revalidation token is required");
  }
}

/**
 * The pages that show the catalogue, as revalidatePath takes them: the home page by its address (with a type, "/"
 * would become the tag "/page", which no page carries), every scraper page by its route file, route group included.
 * The sitemap is rendered per request and needs nothing.
 */
export const CATALOGUE_PAGES: ReadonlyArray<{ path: string; type?: "page" }> = [
  { path: "/" },
  { path: "/(marketing)/scrapers/[id]", type: "page" },
];
