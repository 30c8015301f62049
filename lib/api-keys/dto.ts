// Response shapes of the keys API (docs/product.md#entities), snake_case; their schemas are in schema.ts.
import type { ApiKeyDto, CreatedApiKeyDto } from "./schema";

export type { ApiKeyDto, CreatedApiKeyDto };

export function toApiKeyDto(row: {
  id: number;
  displayKey: string;
  description: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
}): ApiKeyDto {
  return {
    id: row.id,
    key: row.displayKey,
    description: row.description,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export function toCreatedApiKeyDto(row: {
  id: number;
  key: string;
  description: string | null;
  createdAt: Date;
}): CreatedApiKeyDto {
  return { id: row.id, key: row.key, description: row.description, created_at: row.createdAt.toISOString() };
}
