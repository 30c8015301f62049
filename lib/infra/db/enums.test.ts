import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POPULARITIES } from "@/lib/catalogue/popularity";
import * as DbEnums from "@/lib/generated/prisma-sqlite/enums";
import { db } from "@/lib/infra/db";
import { RUN_STATUSES } from "@/lib/runs/status";
import { createTestUser } from "@/test/support/users";

/** A row of each table with every enum column valid except `column`, which gets `value`. */
function insertSql(table: string, column: string, value: string, ids: { userId: number; scraperId: number }): string {
  const tag = randomUUID();
  const enums: Record<string, string> = { kind: "job", popularity: "New", required_plan: "free", [column]: value };
  switch (table) {
    case "users":
      return `INSERT INTO "users" ("email", "password_hash", "plan") VALUES ('${tag}@example.com', 'x', '${value}')`;
    case "scrapers":
      return `INSERT INTO "scrapers" ("slug", "name", "description", "category", "kind", "popularity", "parameters", "example_url", "required_plan", "updated_at")
        VALUES ('${tag}', 'x', 'x', 'x', '${enums.kind}', '${enums.popularity}', '{}', 'https://example.com', '${enums.required_plan}', CURRENT_TIMESTAMP)`;
    default:
      return `INSERT INTO "scraper_runs" ("user_id", "scraper_id", "url", "status") VALUES (${ids.userId}, ${ids.scraperId}, 'https://example.com', '${value}')`;
  }
}

describe("enum columns", () => {
  it("hold the code's value lists, in the code's order", () => {
    expect(Object.values(DbEnums.Popularity)).toEqual(POPULARITIES);
    expect(Object.values(DbEnums.RunStatus)).toEqual(RUN_STATUSES);
  });

  // Raw SQL, past the client's own checks: the database itself refuses (an enum type on PostgreSQL, triggers on
  // SQLite). Valid statements run first, so a refusal means the value, not the SQL; valid inserts are rolled back.
  it.each([
    ["scrapers", "popularity", "Popular"],
    ["scraper_runs", "status", "queued"],
  ])("refuse a %s.%s outside its enum, on insert and on update", async (table, column, valid) => {
    const user = await createTestUser();
    const scraper = await db.scraper.findFirstOrThrow();
    const run = await db.scraperRun.create({ data: { userId: user.id, scraperId: scraper.id, url: "https://example.com" } });
    const rowId = { users: user.id, scrapers: scraper.id, scraper_runs: run.id }[table];
    const update = (value: string) => db.$executeRawUnsafe(`UPDATE "${table}" SET "${column}" = ${value} WHERE id = ${rowId}`);
    const insert = (value: string) => insertSql(table, column, value, { userId: user.id, scraperId: scraper.id });

    await expect(update(`"${column}"`)).resolves.toBe(1);
    await expect(update("'bogus'")).rejects.toThrow();
    const rollback = new Error("roll back");
    const tried = db.$transaction(async (tx) => {
      expect(await tx.$executeRawUnsafe(insert(valid))).toBe(1);
      throw rollback;
    });
    await expect(tried).rejects.toBe(rollback);
    await expect(db.$executeRawUnsafe(insert("bogus"))).rejects.toThrow();
  });
});
