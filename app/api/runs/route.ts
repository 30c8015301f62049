import { methods, parseSearchParams, userRoute } from "@/lib/http";
import { listRuns } from "@/lib/runs/queries";
import { listRunsQuerySchema } from "@/lib/runs/schema";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: userRoute(async ({ req, user }) => listRuns(user.id, parseSearchParams(req, listRunsQuerySchema))),
});
