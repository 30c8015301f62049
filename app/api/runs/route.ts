import { otherMethods, parseSearchParams, userRoute } from "@/lib/http";
import { listRuns } from "@/lib/runs/queries";
import { listRunsQuerySchema } from "@/lib/runs/schema";

export const GET = userRoute(async ({ req, user }) => listRuns(user.id, parseSearchParams(req, listRunsQuerySchema)));

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
