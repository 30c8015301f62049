import { callerRoute, methods } from "@/lib/http";
import { webhookSecretDto } from "@/lib/webhooks/secret";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: callerRoute(({ user }) => webhookSecretDto(user.id)),
});
