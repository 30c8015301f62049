import { callerRoute, methods } from "@/lib/http";
import { rotateWebhookSecret, webhookSecretDto } from "@/lib/webhooks/secret";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: callerRoute(async ({ user }) => webhookSecretDto(user.id, await rotateWebhookSecret(user.id))),
});
