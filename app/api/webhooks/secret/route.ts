import { serve } from "@/lib/http";
import { getWebhookSecretOperation } from "@/lib/webhooks/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(getWebhookSecretOperation);
