import { toApiKeyDto, toCreatedApiKeyDto } from "@/lib/api-keys/dto";
import { createApiKey, listApiKeys } from "@/lib/api-keys/keys";
import { createApiKeySchema } from "@/lib/api-keys/schema";
import { created, methods, parseJsonBody, userRoute } from "@/lib/http";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  {
    GET: userRoute(async ({ user }) => (await listApiKeys(user.id)).map(toApiKeyDto)),
    POST: userRoute(async ({ req, user }) => {
      const input = await parseJsonBody(req, createApiKeySchema);
      return created(toCreatedApiKeyDto(await createApiKey(user.id, input)));
    }),
  },
  { DELETE: "Delete one key with DELETE /api/keys/{id}" },
);
