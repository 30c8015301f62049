import { serve } from "@/lib/http";
import { createLicenseOperation, listLicensesOperation } from "@/lib/licenses/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(listLicensesOperation, createLicenseOperation);
