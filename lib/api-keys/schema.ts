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
