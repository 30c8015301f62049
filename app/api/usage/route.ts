import { methods, userRoute } from "@/lib/http";
import { getUsageSummary } from "@/lib/usage/summary";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  { GET: userRoute(async ({ user }) => getUsageSummary(user.id)) },
  { POST: "Use GET to read your plan and this month's usage" },
);
