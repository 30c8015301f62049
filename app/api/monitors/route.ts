import { serve } from "@/lib/http";
import { createMonitorOperation, listMonitorsOperation } from "@/lib/monitors/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(listMonitorsOperation, createMonitorOperation);
