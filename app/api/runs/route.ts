import { serve } from "@/lib/http";
import { listRunsOperation } from "@/lib/runs/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(listRunsOperation);
