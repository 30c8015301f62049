import { deleteApiKeyOperation } from "@/lib/api-keys/operations";
import { serve } from "@/lib/http";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(deleteApiKeyOperation);
