import { describe, expect, it } from "vitest";
import { GET as ME } from "@/app/api/auth/me/route";
import { callHandler, callRoute } from "@/test/support/requests";
import { createTestUser, sessionCookieFor } from "@/test/support/users";
import { GET, POST } from "./route";

function logout(headers: Record<string, string> = {}, body?: string) {
  return callHandler(
    POST,
    new Request("http://localhost:3000/api/auth/logout", {
      method: "POST",
      headers: { host: "localhost:3000", ...headers },
      body,
    }),
  );
}

/** GET /api/auth/me with the given credentials: 200 while they work. */
async function meStatus(headers: Record<string, string>): Promise<number> {
  return (await callRoute(ME, { path: "/api/auth/me", headers })).status;
}

function setCookies(res: Response): string[] {
  return res.headers.getSetCookie();
}

describe("POST /api/auth/logout", () => {
  it("answers 200 and expires the session cookie under both names, and the signed-in hint", async () => {
    const user = await createTestUser();
    const res = await logout({ cookie: user.cookie, origin: "http://localhost:3000", "content-type": "application/json" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Logged out" });
    const cookies = setCookies(res);
    expect(cookies).toContain(
      "next-auth.session-token=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax",
    );
    expect(cookies).toContain(
      "__Secure-next-auth.session-token=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax; Secure",
    );
    expect(cookies).toContain("scrapedeck-signed-in=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax");
  });

  it("also expires the other next-auth cookies the browser holds, the hint, and no others", async () => {
    const res = await logout({
      cookie:
        "next-auth.csrf-token=abc; __Host-next-auth.csrf-token=def; next-auth.callback-url=%2F; next-auth.session-token.0=x; theme=dark",
    });
    const names = setCookies(res).map((cookie) => cookie.split("=")[0]);
    expect(names.sort()).toEqual(
      [
        "__Host-next-auth.csrf-token",
        "__Secure-next-auth.session-token",
        "next-auth.callback-url",
        "next-auth.csrf-token",
        "next-auth.session-token",
        "next-auth.session-token.0",
        "scrapedeck-signed-in",
      ].sort(),
    );
  });

  it("ends the session server-side: a copy of the old cookie stops working, other sessions do not", async () => {
    const user = await createTestUser();
    const otherDevice = await sessionCookieFor(user.id);
    expect(await meStatus({ cookie: user.cookie })).toBe(200);
    expect((await logout({ cookie: user.cookie, origin: "http://localhost:3000" })).status).toBe(200);
    expect(await meStatus({ cookie: user.cookie })).toBe(401);
    expect(await meStatus({ cookie: otherDevice })).toBe(200);
    expect(await meStatus({ authorization: `Bearer ${user.token}` })).toBe(200);
  });

  it("ends the API token a bearer logout carries", async () => {
    const user = await createTestUser();
    expect((await logout({ authorization: `Bearer ${user.token}` })).status).toBe(200);
    expect(await meStatus({ authorization: `Bearer ${user.token}` })).toBe(401);
    expect(await meStatus({ cookie: user.cookie })).toBe(200);
  });

  it("with everywhere: true, ends every session and token of the user, and new ones work", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const res = await logout({ cookie: user.cookie, origin: "http://localhost:3000" }, JSON.stringify({ everywhere: true }));
    expect(res.status).toBe(200);
    expect(await meStatus({ cookie: user.cookie })).toBe(401);
    expect(await meStatus({ authorization: `Bearer ${user.token}` })).toBe(401);
    expect(await meStatus({ cookie: await sessionCookieFor(user.id, { sessionVersion: 1 }) })).toBe(200);
    expect(await meStatus({ cookie: other.cookie })).toBe(200);
  });

  it("refuses a body that is not the logout payload, and ends nothing", async () => {
    const user = await createTestUser();
    const res = await logout({ authorization: `Bearer ${user.token}` }, JSON.stringify({ everywhere: "yes" }));
    expect(res.status).toBe(400);
    expect(await meStatus({ authorization: `Bearer ${user.token}` })).toBe(200);
  });

  it("answers 200 to a visitor who is already signed out", async () => {
    expect((await logout()).status).toBe(200);
  });

  it("answers 403 to a request from another origin, so other sites cannot sign users out", async () => {
    const res = await logout({ origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "cross_origin" });
    expect(setCookies(res)).toEqual([]);
  });

  it("answers 403 when the browser marks the request cross-site and sends no Origin", async () => {
    const res = await logout({ "sec-fetch-site": "cross-site", cookie: "next-auth.session-token=abc" });
    expect(res.status).toBe(403);
    expect(setCookies(res)).toEqual([]);
  });

  it("answers 405 with Allow to GET", async () => {
    const res = await callHandler(GET, new Request("http://localhost/api/auth/logout", { method: "GET" }));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(await res.json()).toMatchObject({ code: "method_not_allowed" });
  });
});
