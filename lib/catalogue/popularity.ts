import type * as Db from "@/lib/generated/prisma-sqlite/enums";
import type { SchemaEnumMatches } from "@/lib/infra/db/enums";

/** The badge a catalogue scraper carries (docs/product.md#home); the database's Popularity enum holds the same values. */
export const POPULARITIES = ["Popular", "New"] as const;

export type Popularity = (typeof POPULARITIES)[number];

/** Compiles only while prisma/schema.prisma's Popularity enum holds these values (lib/infra/db/enums.ts). */
export const POPULARITY_ENUM_MATCHES: SchemaEnumMatches<Db.Popularity, Popularity> = true;
