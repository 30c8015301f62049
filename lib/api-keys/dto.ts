// Response shapes of the keys API (docs/product.md#entities), snake_case; the client imports the types.

export interface ApiKeyDto {
  id: number;
  /** Masked, e.g. "sdeck_…a1b2". */
  key: string;
  description: string | null;
  created_at: string;
  last_used_at: string | null;
}

export interface CreatedApiKeyDto {
  id: number;
  /** The full key: returned by POST /api/keys only, never again. */
  key: string;
  description: string | null;
  created_at: string;
}

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
