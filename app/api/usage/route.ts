import { serve } from "@/lib/http";
import { getUsageOperation } from "@/lib/usage/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(getUsageOperation);
