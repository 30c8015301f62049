// prisma/schema.prisma restates the value lists a feature owns where the database keeps them as enums (a Prisma enum
// cannot import them). The feature declares `SchemaEnumMatches<Db.X, X>` beside its list, which compiles only while
// both agree, so `npm run typecheck` catches a value added on one side only (lib/runs/status.ts,
// lib/catalogue/popularity.ts). Lists that grow with the product (plans, scraper kinds) are text columns instead.

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** `true` when the schema's enum and the code's list hold the same values; a type error otherwise. */
export type SchemaEnumMatches<Schema, Code> = Same<Schema, Code> extends true ? true : never;
