import { methodNotAllowed, otherMethods, userRoute } from "@/lib/http";
import { getUsageSummary } from "@/lib/usage/summary";

export const GET = userRoute(async ({ user }) => getUsageSummary(user.id));

export const POST = methodNotAllowed(["GET"], "Use GET to read your plan and this month's usage");

export const { PUT, PATCH, DELETE } = otherMethods(["GET"]);
