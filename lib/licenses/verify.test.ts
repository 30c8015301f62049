import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { createTestUser } from "@/test/support/users";
import { createLicense } from "./licenses";
import { type VerifyResult, verifyLicense } from "./verify";

describe("verifyLicense beside Prisma transactions", () => {
  it("waits for a transaction that holds the license's lock, without stalling it, then counts the use", async () => {
    const owner = await createTestUser();
    const { id, licenseKey } = await createLicense(owner.id, { name: "Locked", max_usage: 1 });
    let verifying: Promise<VerifyResult> | undefined;
    await db.$transaction(async (tx) => {
      // The write takes SQLite's write lock (a row lock on PostgreSQL) until the transaction ends.
      await tx.license.update({ where: { id }, data: { name: "Renamed" } });
      verifying = verifyLicense(licenseKey);
      // The transaction still gets to run and commit while the verification waits for it.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await tx.license.update({ where: { id }, data: { maxUsage: 2 } });
    });
    expect((await verifying)?.code).toBe("valid");
    expect(await db.license.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: "Renamed", usageCount: 1, maxUsage: 2 });
  });
});
