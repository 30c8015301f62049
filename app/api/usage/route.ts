import { userRoute } from "@/lib/http/with-user";
import { getUsageSummary } from "@/lib/usage/summary";

export const GET = userRoute(async ({ user }) => getUsageSummary(user.id));
