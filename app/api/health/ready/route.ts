import { getReadinessOperation } from "@/lib/health/operations";
import { serve } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(getReadinessOperation);
