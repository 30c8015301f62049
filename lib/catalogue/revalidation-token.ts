import { createHmac } from "node:crypto";

/**
 * The token that lets a caller ask for the catalogue pages to be rendered again, derived from the server's secret
 * (lib/catalogue/revalidation.ts). Kept free of server-only imports so scripts and the end-to-end tests derive it too.
 */
export function revalidationTokenFor(secret: string): string {
  return createHmac("sha256", secret).update("scrapedeck:catalogue-revalidate").digest("hex");
}
