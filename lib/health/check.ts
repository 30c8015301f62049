import "server-only";
import { type Db, db } from "@/lib/infra/db";
import { AppError } from "@/lib/infra/errors";

/** `{status:"ok"}` after one round trip to the database; database_unavailable when it cannot be reached. */
export async function checkHealth(client: Db = db): Promise<{ status: "ok" }> {
  try {
    await client.$queryRawUnsafe("SELECT 1");
  } catch {
    throw new AppError("database_unavailable", "The database is not reachable right now.");
  }
  return { status: "ok" };
}
