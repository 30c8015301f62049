import { db } from "@/lib/db";

/** One round trip to the database; throws when it cannot be reached. */
export async function checkDatabase(): Promise<void> {
  await db.$queryRawUnsafe("SELECT 1");
}
