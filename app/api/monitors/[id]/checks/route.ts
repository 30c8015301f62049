import { serve } from "@/lib/http";
import { listMonitorChecksOperation } from "@/lib/monitors/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(listMonitorChecksOperation);
