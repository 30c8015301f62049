import { registerOperation } from "@/lib/accounts/operations";
import { serve } from "@/lib/http";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(registerOperation);
