import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { createLicense } from "@/lib/licenses/licenses";
import { servedBothWays } from "@/test/support/fast-path";
import { callJson } from "@/test/support/requests";
import { createTestUser } from "@/test/support/users";
import * as route from "./route";

describe.each(servedBothWays({ POST: route.POST }))("parallel verifications (%s)", (_, { POST }) => {
  it("never count past max_usage: 200 at once on a limit of 50 give exactly 50 valid answers", async () => {
    const owner = await createTestUser();
    const { id, licenseKey } = await createLicense(owner.id, { name: "Busy", max_usage: 50 });

    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        callJson(POST, {
          method: "POST",
          path: "/api/verify-license",
          body: { license_key: licenseKey },
          headers: { "x-forwarded-for": `192.0.2.${i % 250}` },
        }),
      ),
    );

    expect(answers.map((answer) => answer.status).every((status) => status === 200)).toBe(true);
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === "valid")).toHaveLength(50);
    expect(codes.filter((code) => code === "usage_exceeded")).toHaveLength(150);
    expect((await db.license.findUniqueOrThrow({ where: { id } })).usageCount).toBe(50);
  });
});
