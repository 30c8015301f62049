import { serve } from "@/lib/http";
import { addLicenseContentOperation, listLicenseContentOperation } from "@/lib/licenses/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(listLicenseContentOperation, addLicenseContentOperation);
