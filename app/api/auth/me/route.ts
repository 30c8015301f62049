import { toUserDto } from "@/lib/accounts/accounts";
import { jsonResponse, methods, userRoute } from "@/lib/http";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  { GET: userRoute(async ({ user }) => jsonResponse(toUserDto(user), { headers: { "Cache-Control": "no-store" } })) },
  { POST: "Use GET to read the signed-in user" },
);
