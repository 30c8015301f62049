import { serve } from "@/lib/http";
import { verifyLicenseOperation } from "@/lib/licenses/operations";

// Public and called from partners' own sites: any origin may call it, and it takes no credentials.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(verifyLicenseOperation);
