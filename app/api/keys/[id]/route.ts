import { deleteApiKey } from "@/lib/api-keys/keys";
import { notFound, parseId } from "@/lib/http";
import { userRoute } from "@/lib/http/with-user";

export const DELETE = userRoute(async ({ params, user }) => {
  const id = parseId(params.id, "API key");
  if (!(await deleteApiKey(user.id, id))) throw notFound("API key not found");
  return { id, deleted: true };
});
