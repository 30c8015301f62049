import { type Db, db } from "@/lib/db";
import { ApiError } from "@/lib/http";

/** `{status:"ok"}` after one round trip to the database; 503 when it cannot be reached. */
export async function checkHealth(client: Db = db): Promise<{ status: "ok" }> {
  try {
    await client.$queryRawUnsafe("SELECT 1");
  } catch {
    throw new ApiError(503, "database_unavailable", "The database is not reachable right now.");
  }
  return { status: "ok" };
}
