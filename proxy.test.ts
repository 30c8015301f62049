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

  it.each(["/login", "/register"])("sends a signed-in visitor of %s to the dashboard", async (path) => {
    const { status, location } = await visit(path, await sessionCookieFor(1));
    expect(status).toBe(307);
    expect(location).toBe("http://localhost:3000/dashboard");
  });

  it("sends a signed-in visitor of /login on to a safe callbackUrl, never to another site", async () => {
    const cookie = await sessionCookieFor(1);
    expect((await visit("/login?callbackUrl=%2Flicenses%2F3", cookie)).location).toBe("http://localhost:3000/licenses/3");
    expect((await visit("/login?callbackUrl=https%3A%2F%2Fevil.example", cookie)).location).toBe(
      "http://localhost:3000/dashboard",
    );
  });

  it("lets signed-in visitors through to the signed-in area and signed-out ones to the auth pages", async () => {
    const cookie = await sessionCookieFor(1);
    expect((await visit("/dashboard", cookie)).location).toBeNull();
    expect((await visit("/licenses/2", cookie)).location).toBeNull();
    expect((await visit("/login")).location).toBeNull();
    expect((await visit("/register")).location).toBeNull();
  });

  it("treats an expired or forged cookie as signed out, so /login never bounces to /dashboard and back", async () => {
    for (const cookie of [
      await sessionCookieFor(1, { maxAgeSeconds: -60 }),
      await sessionCookieFor(1, { secret: OTHER_SECRET }),
      "next-auth.session-token=x",
    ]) {
      expect((await visit("/login", cookie)).location).toBeNull();
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
    expect(await hintOf("/login", "scrapedeck-signed-in=1")).toMatch(/^scrapedeck-signed-in=; Path=\/; Max-Age=0;/);
    expect(await hintOf("/login")).toBeUndefined();
  });

  it("runs only on the pages it guards", () => {
    expect(config.matcher).toEqual(["/dashboard/:path*", "/licenses/:path*", "/login", "/register"]);
  });
});
