import { serve } from "@/lib/http";
import { issueLicenseFileOperation } from "@/lib/licenses/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(issueLicenseFileOperation);
