import { z } from "zod";
import { SIGNED_IN as SIGNED_IN_ACCESS } from "@/lib/auth/access";
import { site } from "@/lib/config/site";
import { JSON_BODY, SIGNED_IN, SIGNED_IN_WRITE } from "@/lib/infra/api/errors";
import { operation } from "@/lib/infra/api/operation";
import { idParam } from "@/lib/infra/api/params";
import { apiKeySchema, createApiKeySchema, createdApiKeySchema, deletedApiKeySchema } from "./schema";

// API keys (docs/architecture.md#operations): a signed-in user's keys for running scrapers. Implemented in operations.ts.

export const listApiKeys = operation({
  method: "GET",
  path: "/api/keys",
  operationId: "listApiKeys",
  tag: "api-keys",
  summary: "Your API keys, newest first.",
  access: SIGNED_IN_ACCESS,
  success: {
    status: 200,
    description: "The keys, masked.",
    schema: z.array(apiKeySchema),
    example: [
      {
        id: 7,
        key: `${site.apiKeyPrefix}…c0de`,
        description: "Production",
        created_at: "2026-11-02T09:30:00.000Z",
        last_used_at: "2026-11-21T16:05:12.000Z",
      },
    ],
  },
  errors: SIGNED_IN,
  notAllowedHints: { DELETE: "Delete one key with DELETE /api/keys/{id}" },
});

export const createApiKey = operation({
  method: "POST",
  path: "/api/keys",
  operationId: "createApiKey",
  tag: "api-keys",
  summary: "Creates a key. The description is optional.",
  access: SIGNED_IN_ACCESS,
  body: { schema: createApiKeySchema, example: { description: "Production" }, required: false },
  success: {
    status: 201,
    description: "The new key, in full this once.",
    schema: createdApiKeySchema,
    example: {
      id: 7,
      key: `${site.apiKeyPrefix}0f1e2d3c4b5a69788796a5b4c3d2e1f0a1b2c3d4`,
      description: "Production",
      created_at: "2026-11-02T09:30:00.000Z",
    },
  },
  errors: { ...SIGNED_IN_WRITE, ...JSON_BODY, api_key_limit_reached: "You hold the most keys an account may have." },
});

export const deleteApiKey = operation({
  method: "DELETE",
  path: "/api/keys/{id}",
  operationId: "deleteApiKey",
  tag: "api-keys",
  summary: "Deletes a key. Calls made with it fail from that moment.",
  access: SIGNED_IN_ACCESS,
  pathParams: idParam("API key"),
  success: { status: 200, description: "The key is gone.", schema: deletedApiKeySchema, example: { id: 7, deleted: true } },
  errors: { ...SIGNED_IN_WRITE, not_found: "You have no key with this id." },
  notAllowedHints: { GET: "A key cannot be read back: list your keys with GET /api/keys" },
});

export const API_KEYS_CONTRACT = [listApiKeys, createApiKey, deleteApiKey] as const;
