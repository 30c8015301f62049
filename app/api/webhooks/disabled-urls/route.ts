import { serve } from "@/lib/http";
import { enableWebhookUrlOperation } from "@/lib/webhooks/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(enableWebhookUrlOperation);
