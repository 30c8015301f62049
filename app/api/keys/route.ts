import { toApiKeyDto, toCreatedApiKeyDto } from "@/lib/api-keys/dto";
import { createApiKey, listApiKeys } from "@/lib/api-keys/keys";
import { createApiKeySchema } from "@/lib/api-keys/schema";
import { created, methodNotAllowed, otherMethods, parseJsonBody, userRoute } from "@/lib/http";

export const GET = userRoute(async ({ user }) => (await listApiKeys(user.id)).map(toApiKeyDto));

export const POST = userRoute(async ({ req, user }) => {
  const input = await parseJsonBody(req, createApiKeySchema);
  return created(toCreatedApiKeyDto(await createApiKey(user.id, input)));
});

export const DELETE = methodNotAllowed(["GET", "POST"], "Delete one key with DELETE /api/keys/{id}");

export const { PUT, PATCH } = otherMethods(["GET", "POST"]);
