import { describe, expect, it } from "vitest";
import { catalogueRevalidationToken } from "@/lib/catalogue/revalidation";
import { GET, POST } from "./route";

const segment = { params: Promise.resolve({}) };

function revalidate(authorization?: string) {
  return POST(
    new Request("http://localhost:3000/api/catalogue/revalidate", {
      method: "POST",
      headers: authorization ? { authorization } : {},
    }),
    segment,
  );
}

// The 200 (revalidatePath needs a running Next server) is covered end to end in e2e/catalogue-revalidate.spec.ts.
describe("POST /api/catalogue/revalidate", () => {
  it.each([
    ["no Authorization header", undefined],
    ["a wrong token", `Bearer ${"0".repeat(64)}`],
    ["a token made with another secret", `Bearer ${catalogueRevalidationToken("another-secret-that-is-long-enough-0123456789")}`],
    ["the token without the Bearer scheme", catalogueRevalidationToken()],
  ])("answers 401 to %s", async (_case, authorization) => {
    const res = await revalidate(authorization);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "unauthorized" });
  });

  it("answers 405 with Allow to GET", async () => {
    const res = await GET(new Request("http://localhost:3000/api/catalogue/revalidate"), segment);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });
});
