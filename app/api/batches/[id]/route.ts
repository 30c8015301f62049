import { callerRoute, methods, parseId } from "@/lib/http";
import { getBatch } from "@/lib/runs/batch-detail";
import { cancelBatch } from "@/lib/runs/batches";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: callerRoute(async ({ params, user }) => getBatch(user.id, parseId(params.id, "Batch"))),
  DELETE: callerRoute(async ({ params, user }) => cancelBatch(user.id, parseId(params.id, "Batch"))),
});
