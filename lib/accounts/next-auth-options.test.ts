import { describe, expect, it } from "vitest";
import { LOGIN_FAILURES_PER_EMAIL_AND_IP } from "@/lib/accounts/login-limits";
import { LOGIN_THROTTLED_ERROR } from "@/lib/accounts/schemas";
import { authSecret, parseEnv } from "@/lib/infra/env";
import { createTestUser, uniqueEmail } from "@/test/support/users";
import { authOptions, authorizeCredentials, SESSION_MAX_AGE_SECONDS } from "./next-auth-options";

const headers = (ip: string) => ({ "x-forwarded-for": ip });

describe("authorizeCredentials (the next-auth credentials provider)", () => {
  it("returns the user with the id as a string, for next-auth to put in the token's sub", async () => {
    const user = await createTestUser();
    expect(
      await authorizeCredentials({ email: ` ${user.email.toUpperCase()}`, password: user.password }, headers("10.9.0.1")),
    ).toEqual({
      id: String(user.id),
      email: user.email,
    });
  });

  it("returns null for a wrong password, an unknown email or an invalid payload", async () => {
    const user = await createTestUser();
    expect(await authorizeCredentials({ email: user.email, password: "wrong-password" }, headers("10.9.0.2"))).toBeNull();
    expect(await authorizeCredentials({ email: uniqueEmail(), password: "wrong-password" }, headers("10.9.0.2"))).toBeNull();
    expect(await authorizeCredentials({ email: "nope", password: "x" }, headers("10.9.0.2"))).toBeNull();
    expect(await authorizeCredentials(undefined, {})).toBeNull();
  });

  it("shares the login throttle with the API and reports it as its own error code", async () => {
    const user = await createTestUser();
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_AND_IP; i++)
      await authorizeCredentials({ email: user.email, password: `guess-${i}` }, headers("10.9.0.3"));
    await expect(authorizeCredentials({ email: user.email, password: user.password }, headers("10.9.0.3"))).rejects.toThrow(
      LOGIN_THROTTLED_ERROR,
    );
  });
});

describe("authOptions", () => {
  it("uses JWT sessions sealed with the app secret and plain cookies over http", () => {
    const options = authOptions("http://localhost:3000");
    expect(options.secret).toBe(authSecret());
    expect(options.session).toEqual({ strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS });
    expect(options.useSecureCookies).toBe(false);
    expect(options.pages?.signIn).toBe("/login");
  });

  it("marks cookies Secure when the app is served over https", () => {
    expect(authOptions("https://scrapedeck.example").useSecureCookies).toBe(true);
  });

  it("is served at NEXTAUTH_URL, which defaults to APP_URL", () => {
    expect(parseEnv({ APP_URL: "https://scrapedeck.example" }).NEXTAUTH_URL).toBe("https://scrapedeck.example");
    expect(parseEnv({ APP_URL: "https://a.example", NEXTAUTH_URL: "https://b.example" }).NEXTAUTH_URL).toBe("https://b.example");
  });
});
