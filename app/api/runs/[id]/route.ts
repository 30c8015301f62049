import { methods, parseId, userRoute } from "@/lib/http";
import { getRun } from "@/lib/runs/queries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: userRoute(async ({ params, user }) => getRun(user.id, parseId(params.id, "Run"))),
});
