import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { LOGIN_FAILURES_PER_EMAIL, LOGIN_FAILURES_PER_EMAIL_AND_IP, LOGIN_FAILURES_PER_IP } from "@/lib/accounts/login-limits";
import { PASSWORD_MAX_LENGTH } from "@/lib/accounts/schemas";
import { verifyApiToken } from "@/lib/auth/tokens";
import { callHandler } from "@/test/support/requests";
import { createTestUser, type TestUser, uniqueEmail } from "@/test/support/users";
import { GET, POST } from "./route";

/** Each test throttles its own client address, so tests never share counts. */
function newIp(): string {
  const bytes = randomUUID().replace(/-/g, "").slice(0, 6);
  return `10.${Number.parseInt(bytes.slice(0, 2), 16)}.${Number.parseInt(bytes.slice(2, 4), 16)}.${Number.parseInt(bytes.slice(4, 6), 16)}`;
}

function login(body: unknown, ip = newIp()) {
  return callHandler(
    POST,
    new Request("http://localhost/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}

describe("POST /api/auth/login", () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createTestUser();
  });

  it("answers 200 with a bearer token and the user for the right password, email in any case and spacing", async () => {
    const res = await login({ email: `  ${user.email.toUpperCase()} `, password: user.password });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ token: expect.any(String), user: { id: user.id, email: user.email } });
    expect(await verifyApiToken(body.token)).toBe(user.id);
  });

  it("answers the same 401 for a wrong password and for an unknown email", async () => {
    const wrong = await login({ email: user.email, password: "wrong-password" });
    const unknown = await login({ email: uniqueEmail(), password: "wrong-password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const strip = ({ request_id: _, ...rest }: Record<string, unknown>) => rest;
    expect(strip(await wrong.json())).toEqual({ message: "Invalid email or password", code: "unauthorized" });
    expect(strip(await unknown.json())).toEqual({ message: "Invalid email or password", code: "unauthorized" });
  });

  it("answers 400 for malformed JSON", async () => {
    const res = await login("{email");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid_json" });
  });

  it("answers 400 for missing fields", async () => {
    const res = await login({});
    expect(res.status).toBe(400);
    expect((await res.json()).issues).toEqual([
      { path: "email", message: "Please enter a valid email address." },
      { path: "password", message: "Password is required." },
    ]);
  });

  it("answers 400 for fields of the wrong type", async () => {
    const res = await login({ email: ["a@b.co"], password: 123456 });
    expect(res.status).toBe(400);
    expect((await res.json()).issues).toEqual([
      { path: "email", message: "Please enter a valid email address." },
      { path: "password", message: "Password must be a string." },
    ]);
  });

  it.each([
    ["an invalid email", { email: "nope", password: "secret1" }, "email", "Please enter a valid email address."],
    [
      "a password under 6 characters",
      { email: "a@b.co", password: "12345" },
      "password",
      "Password must be at least 6 characters.",
    ],
    [
      "a password over the maximum length",
      { email: "a@b.co", password: "x".repeat(PASSWORD_MAX_LENGTH + 1) },
      "password",
      `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
    ],
  ])("answers 400 for %s", async (_name, payload, path, message) => {
    const res = await login(payload);
    expect(res.status).toBe(400);
    expect((await res.json()).issues).toEqual([{ path, message }]);
  });

  it("answers 413 for a body over the size cap", async () => {
    expect((await login({ email: user.email, password: "x".repeat(70 * 1024) })).status).toBe(413);
  });

  it("answers 405 with Allow to GET", async () => {
    const res = await callHandler(GET, new Request("http://localhost/api/auth/login", { method: "GET" }));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(await res.json()).toMatchObject({ code: "method_not_allowed" });
  });
});

describe("POST /api/auth/login throttling", () => {
  it(`answers 429 with Retry-After once an address has ${LOGIN_FAILURES_PER_EMAIL_AND_IP} failures for an email, even for the right password`, async () => {
    const victim = await createTestUser();
    const ip = newIp();
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_AND_IP; i++) {
      expect((await login({ email: victim.email, password: `guess-${i}` }, ip)).status).toBe(401);
    }
    const res = await login({ email: victim.email.toUpperCase(), password: victim.password }, ip);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({
      code: "too_many_login_attempts",
      message: "Too many login attempts. Please try again later.",
    });
    // The owner, from an address that was not guessing, still gets in.
    expect((await login({ email: victim.email, password: victim.password })).status).toBe(200);
  });

  it(`past ${LOGIN_FAILURES_PER_EMAIL} failures for an email from many addresses, lets in only clean addresses with the right password`, async () => {
    const victim = await createTestUser();
    const guessers = Array.from({ length: LOGIN_FAILURES_PER_EMAIL / 2 }, () => newIp());
    for (const ip of guessers) {
      for (let i = 0; i < 2; i++) expect((await login({ email: victim.email, password: `guess-${i}` }, ip)).status).toBe(401);
    }
    // A guessing address is refused, even with the right password.
    expect((await login({ email: victim.email, password: victim.password }, guessers[0])).status).toBe(429);
    // A fresh address with a wrong password is throttled, and has then used its one try.
    const fresh = newIp();
    expect((await login({ email: victim.email, password: "another-guess" }, fresh)).status).toBe(429);
    expect((await login({ email: victim.email, password: victim.password }, fresh)).status).toBe(429);
    // The owner from an address of their own gets in.
    expect((await login({ email: victim.email, password: victim.password })).status).toBe(200);
  });

  it("throttles an unknown email exactly like a real one, so the 429 tells nothing either", async () => {
    const email = uniqueEmail();
    const ip = newIp();
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_AND_IP; i++) {
      expect((await login({ email, password: `guess-${i}` }, ip)).status).toBe(401);
    }
    expect((await login({ email, password: "one-more" }, ip)).status).toBe(429);
  });

  it("counts parallel guesses exactly", async () => {
    const email = uniqueEmail();
    const ip = newIp();
    const statuses = await Promise.all(
      Array.from({ length: LOGIN_FAILURES_PER_EMAIL_AND_IP + 5 }, (_, i) => login({ email, password: `guess-${i}` }, ip)),
    );
    const codes = statuses.map((res) => res.status);
    expect(codes.filter((code) => code === 401)).toHaveLength(LOGIN_FAILURES_PER_EMAIL_AND_IP);
    expect(codes.filter((code) => code === 429)).toHaveLength(5);
  });

  it("forgets an address's failures for an email after a successful login", async () => {
    const member = await createTestUser();
    const ip = newIp();
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_AND_IP - 1; i++)
      await login({ email: member.email, password: `guess-${i}` }, ip);
    expect((await login({ email: member.email, password: member.password }, ip)).status).toBe(200);
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_AND_IP; i++) {
      expect((await login({ email: member.email, password: `again-${i}` }, ip)).status).toBe(401);
    }
  });

  it(`answers 429 to an address with ${LOGIN_FAILURES_PER_IP} failures across many emails, but not to others`, async () => {
    const ip = newIp();
    const member = await createTestUser();
    for (let i = 0; i < LOGIN_FAILURES_PER_IP; i++) {
      expect((await login({ email: uniqueEmail(), password: "guess-guess" }, ip)).status).toBe(401);
    }
    const res = await login({ email: member.email, password: member.password }, ip);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBeTruthy();
    expect((await login({ email: member.email, password: member.password }, newIp())).status).toBe(200);
  });

  it("never throttles an address for its successful logins", async () => {
    const ip = newIp();
    const member = await createTestUser();
    for (let i = 0; i < LOGIN_FAILURES_PER_IP + 5; i++) {
      expect((await login({ email: member.email, password: member.password }, ip)).status).toBe(200);
    }
  });

  it("keys on the last X-Forwarded-For entry, where the edge puts the client it established", async () => {
    const ip = newIp();
    for (let i = 0; i < LOGIN_FAILURES_PER_IP; i++)
      await login({ email: uniqueEmail(), password: "guess-guess" }, `${newIp()}, ${ip}`);
    expect((await login({ email: uniqueEmail(), password: "guess-guess" }, `203.0.113.9, ${ip}`)).status).toBe(429);
  });
});
