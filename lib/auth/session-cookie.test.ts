import { describe, expect, it } from "vitest";
import { readCookie, sessionFromCookie, withSignedInHint } from "./session-cookie";
import { SESSION_MAX_AGE_SECONDS } from "./signed-in-hint";

describe("readCookie", () => {
  it("reads a cookie among others, percent-decoded", () => {
    expect(readCookie("a=1; next-auth.session-token=x%20y; b=2", "next-auth.session-token")).toBe("x y");
  });

  it("treats a value that is not valid percent-encoding as no cookie, never as a failure", async () => {
    expect(readCookie("next-auth.session-token=%ff", "next-auth.session-token")).toBeUndefined();
    expect(await sessionFromCookie("__Secure-next-auth.session-token=%ff; next-auth.session-token=%")).toBeNull();
  });
});

function answer(...cookies: string[]): Response {
  const headers = new Headers({ "content-type": "application/json" });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(JSON.stringify({ url: "/dashboard" }), { status: 200, headers });
}

describe("withSignedInHint", () => {
  it("sets the hint beside a new session cookie, keeping next-auth's answer", async () => {
    const res = withSignedInHint(answer("next-auth.session-token=eyJ.abc; Path=/; HttpOnly; SameSite=Lax"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: "/dashboard" });
    expect(res.headers.getSetCookie()).toEqual([
      "next-auth.session-token=eyJ.abc; Path=/; HttpOnly; SameSite=Lax",
      `scrapedeck-signed-in=1; Path=/; Max-Age=${SESSION_MAX_AGE_SECONDS}; SameSite=Lax`,
    ]);
  });

  it("marks the hint Secure when the session cookie is the __Secure- one", () => {
    const res = withSignedInHint(answer("__Secure-next-auth.session-token=eyJ; Path=/; HttpOnly; Secure"));
    expect(res.headers.getSetCookie()[1]).toMatch(/^scrapedeck-signed-in=1; .*; Secure$/);
  });

  it("removes the hint beside a removed session cookie", () => {
    const res = withSignedInHint(answer("next-auth.session-token=; Path=/; Max-Age=0"));
    expect(res.headers.getSetCookie()[1]).toMatch(/^scrapedeck-signed-in=; Path=\/; Max-Age=0;/);
  });

  it("leaves answers that do not touch the session alone", () => {
    const original = answer("next-auth.csrf-token=abc; Path=/; HttpOnly");
    expect(withSignedInHint(original)).toBe(original);
  });
});
