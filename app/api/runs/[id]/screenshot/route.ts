import { serve } from "@/lib/http";
import { getRunScreenshotOperation } from "@/lib/runs/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(getRunScreenshotOperation);
