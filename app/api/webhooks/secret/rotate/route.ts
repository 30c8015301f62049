import { serve } from "@/lib/http";
import { rotateWebhookSecretOperation } from "@/lib/webhooks/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(rotateWebhookSecretOperation);
