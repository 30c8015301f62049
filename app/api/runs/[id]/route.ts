import { otherMethods, parseId, userRoute } from "@/lib/http";
import { getRun } from "@/lib/runs/queries";

export const GET = userRoute(async ({ params, user }) => getRun(user.id, parseId(params.id, "Run")));

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
