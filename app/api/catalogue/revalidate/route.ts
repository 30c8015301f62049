import { revalidatePath } from "next/cache";
import { assertRevalidationToken, CATALOGUE_PAGES } from "@/lib/catalogue/revalidation";
import { jsonResponse, methods, route } from "@/lib/http";

// Called by whatever changes the catalogue (npm run db:seed, npm start): the catalogue pages are rendered again on
// their next visit instead of when their five minutes are up.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route(async ({ req }) => {
    assertRevalidationToken(req.headers.get("authorization"));
    for (const page of CATALOGUE_PAGES) revalidatePath(page.path, page.type);
    return jsonResponse(
      { message: "The catalogue pages are rendered again on their next visit" },
      { headers: { "Cache-Control": "no-store" } },
    );
  }),
});
