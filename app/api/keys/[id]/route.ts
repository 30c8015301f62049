import { deleteApiKey } from "@/lib/api-keys/keys";
import { AppError, methodNotAllowed, otherMethods, parseId, userRoute } from "@/lib/http";

export const DELETE = userRoute(async ({ params, user }) => {
  const id = parseId(params.id, "API key");
  if (!(await deleteApiKey(user.id, id))) throw new AppError("not_found", "API key not found");
  return { id, deleted: true };
});

export const GET = methodNotAllowed(["DELETE"], "A key cannot be read back: list your keys with GET /api/keys");

export const { POST, PUT, PATCH } = otherMethods(["DELETE"]);
