import { serve } from "@/lib/http";
import { runScraperOperation } from "@/lib/runs/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(runScraperOperation);
