import { getOpenApiDocumentOperation } from "@/lib/api/operations";
import { serve } from "@/lib/http";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(getOpenApiDocumentOperation);
