import { serve } from "@/lib/http";
import { runScraperBatchOperation } from "@/lib/runs/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(runScraperBatchOperation);
