import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { createTestUser } from "@/test/support/users";

const root = path.resolve(import.meta.dirname, "..");

async function userPlan(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)("npm", ["run", "--silent", "user:plan", "--", ...args], {
      cwd: root,
      env: process.env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

describe("npm run user:plan", () => {
  it("moves an account to another plan, whatever the email's case", async () => {
    const user = await createTestUser();
    const result = await userPlan(` ${user.email.toUpperCase()} `, "business");
    expect(result).toMatchObject({ code: 0, stdout: `${user.email} is now on the Business plan.\n` });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).plan).toBe("business");
  });

  it("exits 1 for an unknown email and 2 for an unknown plan or missing arguments", async () => {
    expect(await userPlan("nobody@example.com", "pro")).toMatchObject({ code: 1, stderr: expect.stringContaining("No account") });
    expect(await userPlan("nobody@example.com", "gold")).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("Unknown plan"),
    });
    expect(await userPlan()).toMatchObject({ code: 2, stderr: expect.stringContaining("Usage: npm run user:plan") });
  });
});
