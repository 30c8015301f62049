import { serve } from "@/lib/http";
import { deleteMonitorOperation, getMonitorOperation, updateMonitorOperation } from "@/lib/monitors/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(
  getMonitorOperation,
  updateMonitorOperation,
  deleteMonitorOperation,
);
