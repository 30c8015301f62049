import "server-only";
import { seedCatalogue } from "@/lib/catalogue/seed";
import { createDb } from "@/lib/infra/db";
import { applyMigrations } from "@/lib/infra/db/schema-engine";

/** Migrates the database and seeds the catalogue when it is empty: what `npm start` and the tests need. */
export async function prepareDatabase(url: string): Promise<{ applied: string[]; seeded: boolean }> {
  const applied = await applyMigrations(url);
  const db = createDb(url);
  try {
    const seeded = (await db.scraper.count()) === 0;
    if (seeded) await seedCatalogue(db);
    return { applied, seeded };
  } finally {
    await db.$disconnect();
  }
}
