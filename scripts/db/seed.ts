// npm run db:seed — the catalogue scrapers; safe to run again.
import "../load-env";
import { seedCatalogue } from "@/lib/catalogue/seed";
import { createDb } from "@/lib/infra/db";
import { authSecret, env } from "@/lib/infra/env";
import { requestCatalogueRevalidation } from "../catalogue-revalidation";

const db = createDb(env.DATABASE_URL);
const count = await seedCatalogue(db);
console.log(`Seeded ${count} scrapers.`);
await db.$disconnect();
// A server running on this database shows the new catalogue at once rather than within five minutes.
if (await requestCatalogueRevalidation(env.APP_URL, authSecret())) {
  console.log(`Asked ${env.APP_URL} to refresh its catalogue pages.`);
}
