import { serve } from "@/lib/http";
import { cancelRunOperation, getRunOperation } from "@/lib/runs/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(getRunOperation, cancelRunOperation);
