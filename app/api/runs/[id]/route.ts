import { otherMethods, parseId } from "@/lib/http";
import { userRoute } from "@/lib/http/with-user";
import { getRun } from "@/lib/runs/queries";

export const GET = userRoute(async ({ params, user }) => getRun(user.id, parseId(params.id, "Run")));

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
