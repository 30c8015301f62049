import { checkDatabase } from "@/lib/health";
import { ApiError, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const GET = route(async () => {
  try {
    await checkDatabase();
  } catch {
    throw new ApiError(503, "database_unavailable", "The database is not reachable right now.");
  }
  return { status: "ok" };
});
