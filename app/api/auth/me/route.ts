import { toUserDto } from "@/lib/accounts/accounts";
import { jsonResponse } from "@/lib/http";
import { userRoute } from "@/lib/http/with-user";

export const GET = userRoute(async ({ user }) => jsonResponse(toUserDto(user), { headers: { "Cache-Control": "no-store" } }));
