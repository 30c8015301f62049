import { serve } from "@/lib/http";
import { runMonitorOperation } from "@/lib/monitors/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(runMonitorOperation);
