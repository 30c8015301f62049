import { describe, expect, it } from "vitest";
import { GET, OPTIONS, POST } from "@/app/api/auth/[...nextauth]/route";
import { METHOD_PROBE_HEADER, methodProbeSecret } from "@/lib/http/edge-probe";
import { callJson } from "@/test/support/requests";
import { nextAuthAnswer, nextAuthMethod } from "./next-auth-routes";

describe("nextAuthMethod", () => {
  it("serves only the endpoints signIn('credentials') uses", () => {
    expect(nextAuthMethod(["csrf"])).toEqual({ method: "GET", segments: ["csrf"] });
    expect(nextAuthMethod(["callback", "credentials"])?.method).toBe("POST");
    for (const path of [["signin"], ["signout"], ["_log"], ["callback", "github"], ["constructor"], ["__proto__"], []]) {
      expect(nextAuthMethod(path)).toBeNull();
    }
  });
});

describe("nextAuthAnswer", () => {
  it("turns a redirect into next-auth's own {url} JSON, cookies kept", async () => {
    const headers = new Headers({ Location: "http://localhost/login?error=CredentialsSignin" });
    headers.append("Set-Cookie", "a=1; Path=/");
    const answer = await nextAuthAnswer(new Response(null, { status: 302, headers }));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ url: "http://localhost/login?error=CredentialsSignin" });
    expect(answer.headers.getSetCookie()).toEqual(["a=1; Path=/"]);
  });

  it("refuses any other answer that is not JSON, and reports a 5xx as ours", async () => {
    await expect(nextAuthAnswer(new Response("<html>", { status: 400 }))).rejects.toMatchObject({ code: "malformed_request" });
    await expect(nextAuthAnswer(new Response("boom", { status: 500 }))).rejects.toThrow(/next-auth answered 500/);
  });
});

describe("/api/auth/[...nextauth]", () => {
  const call = (handler: typeof GET, method: string, nextauth: string[], headers: Record<string, string> = {}, body?: string) =>
    callJson(handler, { method, path: `/api/auth/${nextauth.join("/")}`, params: { nextauth } as never, headers, body });

  it("answers paths the app does not use 404 JSON", async () => {
    const answer = await call(GET, "GET", ["signin"]);
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe("not_found");
  });

  it("answers a served path under another method 405 with its Allow", async () => {
    const answer = await call(GET, "GET", ["callback", "credentials"]);
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("POST");
    const probe = await call(OPTIONS, "OPTIONS", ["csrf"], { [METHOD_PROBE_HEADER]: methodProbeSecret() });
    expect(probe.status).toBe(405);
    expect(probe.headers.get("allow")).toBe("GET");
  });

  it("refuses a sign-in post that is not a form, before next-auth sees it", async () => {
    const answer = await call(POST, "POST", ["callback", "credentials"], { "content-type": "application/json" }, "{");
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("malformed_request");
  });
});
