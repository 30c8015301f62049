import "server-only";
import { implement } from "@/lib/infra/api/operation";
import { AppError } from "@/lib/infra/errors";
import * as contract from "./contract";
import { toApiKeyDto, toCreatedApiKeyDto } from "./dto";
import { createApiKey, deleteApiKey, listApiKeys } from "./keys";

export const listApiKeysOperation = implement(contract.listApiKeys, {
  handle: async ({ caller }) => (await listApiKeys(caller.user.id)).map(toApiKeyDto),
});

export const createApiKeyOperation = implement(contract.createApiKey, {
  handle: async ({ caller, body }) => toCreatedApiKeyDto(await createApiKey(caller.user.id, await body())),
});

export const deleteApiKeyOperation = implement(contract.deleteApiKey, {
  async handle({ caller, params }) {
    if (!(await deleteApiKey(caller.user.id, params.id))) throw new AppError("not_found", "API key not found");
    return { id: params.id, deleted: true as const };
  },
});
