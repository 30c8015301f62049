// npm run db:seed — the catalogue scrapers; safe to run again.
import "../load-env";
import { seedCatalogue } from "../../lib/catalogue/seed";
import { createDb } from "../../lib/db";
import { env } from "../../lib/env";

const db = createDb(env.DATABASE_URL);
const count = await seedCatalogue(db);
console.log(`Seeded ${count} scrapers.`);
await db.$disconnect();
