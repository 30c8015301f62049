import { serve } from "@/lib/http";
import { getLicenseOperation, updateLicenseOperation } from "@/lib/licenses/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(getLicenseOperation, updateLicenseOperation);
