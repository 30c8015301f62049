import { toUserDto } from "@/lib/accounts/accounts";
import { methods, userRoute } from "@/lib/http";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  { GET: userRoute(async ({ user }) => toUserDto(user)) },
  { POST: "Use GET to read the signed-in user" },
);
