import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { sessionCookieFor } from "@/test/support/users";
import { config, proxy } from "./proxy";

const OTHER_SECRET = "another-secret-that-is-long-enough-for-hs256-9876543210";

async function visit(path: string, cookie?: string) {
  const res = await proxy(new NextRequest(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} }));
  return { status: res.status, location: res.headers.get("location") };
}

describe("proxy", () => {
  it.each(["/dashboard", "/licenses/7", "/licenses/7?tab=content"])(
    "sends a signed-out visitor of %s to /login, keeping the destination",
    async (path) => {
      const { status, location } = await visit(path);
      expect(status).toBe(307);
      const url = new URL(location ?? "");
      expect(url.pathname).toBe("/login");
      expect(url.searchParams.get("callbackUrl")).toBe(path);
    },
  );

  it("lets signed-in visitors through to the signed-in area", async () => {
    const cookie = await sessionCookieFor(1);
    expect((await visit("/dashboard", cookie)).location).toBeNull();
    expect((await visit("/licenses/2", cookie)).location).toBeNull();
  });

  it("treats an expired or forged cookie as signed out", async () => {
    for (const cookie of [
      await sessionCookieFor(1, { maxAgeSeconds: -60 }),
      await sessionCookieFor(1, { secret: OTHER_SECRET }),
      "next-auth.session-token=x",
    ]) {
      expect((await visit("/dashboard", cookie)).status).toBe(307);
    }
  });

  it("gives a valid session without one the signed-in hint, and takes a stale hint away", async () => {
    const cookie = await sessionCookieFor(1);
    const hintOf = async (path: string, cookies?: string) =>
      (await proxy(new NextRequest(`http://localhost:3000${path}`, { headers: cookies ? { cookie: cookies } : {} }))).headers
        .getSetCookie()
        .find((value) => value.startsWith("scrapedeck-signed-in="));
    expect(await hintOf("/dashboard", cookie)).toMatch(/^scrapedeck-signed-in=1; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    expect(await hintOf("/dashboard", `${cookie}; scrapedeck-signed-in=1`)).toBeUndefined();
    expect(await hintOf("/dashboard", "scrapedeck-signed-in=1")).toMatch(/^scrapedeck-signed-in=; Path=\/; Max-Age=0;/);
    expect(await hintOf("/dashboard")).toBeUndefined();
  });

  it("runs only on the pages it guards; /login and /register check the session themselves", () => {
    expect(config.matcher).toEqual(["/dashboard/:path*", "/licenses/:path*"]);
  });
});
