import { toUserDto } from "@/lib/accounts/accounts";
import { jsonResponse, methodNotAllowed, otherMethods, userRoute } from "@/lib/http";

export const GET = userRoute(async ({ user }) => jsonResponse(toUserDto(user), { headers: { "Cache-Control": "no-store" } }));

export const POST = methodNotAllowed(["GET"], "Use GET to read the signed-in user");

export const { PUT, PATCH, DELETE } = otherMethods(["GET"]);
