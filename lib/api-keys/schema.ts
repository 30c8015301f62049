import { z } from "zod";

// Shared by the generate form and POST /api/keys.

export const API_KEY_DESCRIPTION_MAX_LENGTH = 100;
/** Live keys one user may hold; a leaked-key clean-up should never have to hunt through hundreds. */
export const MAX_API_KEYS_PER_USER = 25;

export const createApiKeySchema = z.object({
  description: z
    .string()
    .trim()
    .max(API_KEY_DESCRIPTION_MAX_LENGTH, `Description must be at most ${API_KEY_DESCRIPTION_MAX_LENGTH} characters.`)
    .nullish(),
});

export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

// Response shapes (docs/product.md#entities), the contract's source: lib/openapi builds the OpenAPI document from them.

const timestamp = z.iso.datetime();

/** One key in GET /api/keys: masked, never the full key. */
export const apiKeySchema = z
  .strictObject({
    id: z.number().int().positive(),
    key: z.string().meta({ description: "Masked: the prefix and the last four characters." }),
    description: z.string().nullable(),
    created_at: timestamp,
    last_used_at: timestamp.nullable(),
  })
  .meta({ id: "ApiKey" });
export type ApiKeyDto = z.output<typeof apiKeySchema>;

/** 201 of POST /api/keys: the full key, shown this once and never again. */
export const createdApiKeySchema = z
  .strictObject({
    id: z.number().int().positive(),
    key: z.string().meta({ description: "The full key. It is not stored in clear and cannot be read back later." }),
    description: z.string().nullable(),
    created_at: timestamp,
  })
  .meta({ id: "CreatedApiKey" });
export type CreatedApiKeyDto = z.output<typeof createdApiKeySchema>;

/** 200 of DELETE /api/keys/{id}. */
export const deletedApiKeySchema = z
  .strictObject({ id: z.number().int().positive(), deleted: z.literal(true) })
  .meta({ id: "DeletedApiKey" });
