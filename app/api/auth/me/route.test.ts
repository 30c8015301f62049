import { beforeAll, describe, expect, it } from "vitest";
import { issueApiToken } from "@/lib/auth/tokens";
import { db } from "@/lib/infra/db";
import { callHandler } from "@/test/support/requests";
import { createTestUser, sessionCookieFor, type TestUser } from "@/test/support/users";
import { GET, POST } from "./route";

const OTHER_SECRET = "another-secret-that-is-long-enough-for-hs256-9876543210";

function me(headers: Record<string, string> = {}) {
  return callHandler(GET, new Request("http://localhost/api/auth/me", { headers }));
}

async function expect401(res: Response) {
  expect(res.status).toBe(401);
  expect(await res.json()).toMatchObject({ code: "unauthorized", message: "Authentication required" });
}

describe("GET /api/auth/me", () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createTestUser();
  });

  it("answers the user of the session cookie, never cached", async () => {
    const res = await me({ cookie: `theme=dark; ${user.cookie}` });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: user.id, email: user.email });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("reads the __Secure- cookie name used over https", async () => {
    const res = await me({ cookie: user.cookie.replace("next-auth.session-token", "__Secure-next-auth.session-token") });
    expect(res.status).toBe(200);
  });

  it("answers the user of a bearer token", async () => {
    const res = await me({ authorization: `Bearer ${user.token}` });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: user.id, email: user.email });
  });

  it("answers 401 without credentials", async () => {
    await expect401(await me());
  });

  it("removes a signed-in hint that outlived its session with the 401, and leaves it with a session", async () => {
    const stale = await me({ cookie: "scrapedeck-signed-in=1" });
    await expect401(stale);
    expect(stale.headers.getSetCookie()).toEqual([
      "scrapedeck-signed-in=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax",
    ]);
    expect((await me({ cookie: `scrapedeck-signed-in=1; ${user.cookie}` })).headers.getSetCookie()).toEqual([]);
  });

  it("answers 401 for an expired bearer token", async () => {
    await expect401(await me({ authorization: `Bearer ${await issueApiToken(user.id, { expiresInSeconds: -60 })}` }));
  });

  it("answers 401 for a bearer token signed with another secret", async () => {
    await expect401(await me({ authorization: `Bearer ${await issueApiToken(user.id, { secret: OTHER_SECRET })}` }));
  });

  it.each(["Bearer", "Bearer not.a.jwt", "Basic dXNlcjpwYXNz", `Bearer ${"x".repeat(5000)}`])(
    "answers 401 for the header %j",
    async (value) => {
      await expect401(await me({ authorization: value }));
    },
  );

  it("does not fall back to the cookie when a bearer token is present but invalid", async () => {
    await expect401(await me({ authorization: "Bearer forged", cookie: user.cookie }));
  });

  it("answers 401 for an expired session cookie, one sealed with another secret, or a garbled one", async () => {
    await expect401(await me({ cookie: await sessionCookieFor(user.id, { maxAgeSeconds: -60 }) }));
    await expect401(await me({ cookie: await sessionCookieFor(user.id, { secret: OTHER_SECRET }) }));
    await expect401(await me({ cookie: "next-auth.session-token=garbage" }));
  });

  it("answers 401 once the account no longer exists", async () => {
    const gone = await createTestUser();
    await db.user.delete({ where: { id: gone.id } });
    await expect401(await me({ cookie: gone.cookie }));
    await expect401(await me({ authorization: `Bearer ${gone.token}` }));
  });

  it("answers 405 with Allow to POST", async () => {
    const res = await callHandler(POST, new Request("http://localhost/api/auth/me", { method: "POST" }));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
    expect(await res.json()).toMatchObject({ code: "method_not_allowed" });
  });
});
