import { buildExtractionThread } from "@/scripts/build-thread";
import { prepareDatabase } from "@/server/prepare-database";
import { dropPostgresSchema } from "./database";

/** Migrates and seeds the run's database (its URL is chosen in vitest.config.ts). */
export default async function setup() {
  const url = process.env.DATABASE_URL as string;
  // Runs extract in worker threads that load the bundled thread file: built fresh, so `npx vitest` alone works.
  await Promise.all([prepareDatabase(url), buildExtractionThread()]);
  return async () => {
    if (!process.env.KEEP_TEST_DATABASE) await dropPostgresSchema(url);
  };
}
