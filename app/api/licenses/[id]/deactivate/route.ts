import { serve } from "@/lib/http";
import { deactivateLicenseOperation } from "@/lib/licenses/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(deactivateLicenseOperation);
