import { callerRoute, methods } from "@/lib/http";
import { webhookSecret, webhookSecretDto } from "@/lib/webhooks/secret";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: callerRoute(async ({ user }) => webhookSecretDto(await webhookSecret(user.id))),
});
