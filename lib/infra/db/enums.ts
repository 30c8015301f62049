// prisma/schema.prisma restates value lists the code owns, since a Prisma enum cannot import them. This file
// compiles only while both agree, so `npm run typecheck` catches a value added on one side only.
import type { Popularity } from "@/lib/catalogue/popularity";
import type { PlanId } from "@/lib/config/plans";
import type * as Db from "@/lib/generated/prisma-sqlite/enums";
import type { RunStatus } from "@/lib/runs/status";
import type { ScraperKind } from "@/lib/scrapers/kinds";

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;

export type SchemaEnumsMatchCode = [
  Holds<Same<Db.PlanId, PlanId>>,
  Holds<Same<Db.ScraperKind, ScraperKind>>,
  Holds<Same<Db.Popularity, Popularity>>,
  Holds<Same<Db.RunStatus, RunStatus>>,
];
