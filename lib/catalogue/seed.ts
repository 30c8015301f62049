import "server-only";
import type { Db } from "@/lib/infra/db";
import { CATALOGUE } from "./seed-data";

/** Upserts the catalogue by slug, in catalogue order, so a fresh database numbers them 1–6. Idempotent. */
export async function seedCatalogue(db: Db): Promise<number> {
  for (const entry of CATALOGUE) {
    const data = {
      name: entry.name,
      description: entry.description,
      category: entry.category,
      kind: entry.kind,
      popularity: entry.popularity,
      baseUsers: entry.baseUsers,
      parameters: JSON.stringify(entry.parameters),
      exampleUrl: entry.exampleUrl,
      requiredPlan: entry.requiredPlan,
    };
    await db.scraper.upsert({ where: { slug: entry.slug }, create: { slug: entry.slug, ...data }, update: data });
  }
  return CATALOGUE.length;
}
