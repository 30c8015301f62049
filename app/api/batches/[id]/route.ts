import { serve } from "@/lib/http";
import { cancelBatchOperation, getBatchOperation } from "@/lib/runs/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(getBatchOperation, cancelBatchOperation);
