import { deleteApiKey } from "@/lib/api-keys/keys";
import { AppError, methods, parseId, userRoute } from "@/lib/http";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  {
    DELETE: userRoute(async ({ params, user }) => {
      const id = parseId(params.id, "API key");
      if (!(await deleteApiKey(user.id, id))) throw new AppError("not_found", "API key not found");
      return { id, deleted: true };
    }),
  },
  { GET: "A key cannot be read back: list your keys with GET /api/keys" },
);
