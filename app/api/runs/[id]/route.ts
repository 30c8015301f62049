import { callerRoute, methods, parseId } from "@/lib/http";
import { cancelRun, getRun } from "@/lib/runs/queries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: callerRoute(async ({ params, user }) => getRun(user.id, parseId(params.id, "Run"))),
  DELETE: callerRoute(async ({ params, user }) => cancelRun(user.id, parseId(params.id, "Run"))),
});
