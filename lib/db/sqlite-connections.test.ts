import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { type HotStatement, hotDb, hotQuery } from "@/lib/db/hot";
import { providerOf } from "@/lib/db/url";
import { env } from "@/lib/env";

const SYNCHRONOUS: HotStatement = { name: "test_synchronous", sqlite: "PRAGMA synchronous", postgres: "" };
const NORMAL = 1;

// Both SQLite connections of a process commit without an fsync each (lib/db/adapters.ts, SQLITE_CONNECTION_PRAGMAS).
describe.skipIf(providerOf(env.DATABASE_URL) !== "sqlite")("SQLite connections", () => {
  it("run with synchronous = NORMAL, Prisma's and the hot one", async () => {
    const [prisma] = await db.$queryRawUnsafe<{ synchronous: bigint | number }[]>("PRAGMA synchronous");
    expect(Number(prisma?.synchronous)).toBe(NORMAL);
    expect(hotDb().dialect).toBe("sqlite");
    const [hot] = await hotQuery<{ synchronous: number }>(SYNCHRONOUS, []);
    expect(hot?.synchronous).toBe(NORMAL);
  });
});
