import { prepareDatabase } from "../../lib/db/prepare";
import { dropPostgresSchema } from "./database";

/** Migrates and seeds the run's database (its URL is chosen in vitest.config.ts). */
export default async function setup() {
  const url = process.env.DATABASE_URL as string;
  await prepareDatabase(url);
  return async () => {
    if (!process.env.KEEP_TEST_DATABASE) await dropPostgresSchema(url);
  };
}
