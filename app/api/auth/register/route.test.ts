import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PASSWORD_MAX_LENGTH } from "@/lib/accounts/schemas";
import { verifyApiToken } from "@/lib/auth/tokens";
import { MAX_BODY_BYTES } from "@/lib/http";
import { db } from "@/lib/infra/db";
import { env } from "@/lib/infra/env";
import { callHandler } from "@/test/support/requests";
import { TEST_PASSWORD, uniqueEmail } from "@/test/support/users";
import { GET, POST } from "./route";

/** Every call from an address of its own unless given, so tests never share the registration throttle. */
function register(body: unknown, ip = `fd00::${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`) {
  return callHandler(
    POST,
    new Request("http://localhost/api/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}

describe("POST /api/auth/register", () => {
  it("creates the account: 201 with a bearer token and the user, email normalised, password hashed with argon2id", async () => {
    const email = uniqueEmail("New");
    const res = await register({ email: `  ${email.toUpperCase()}  `, password: TEST_PASSWORD });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({ token: expect.any(String), user: { id: expect.any(Number), email: email.toLowerCase() } });
    expect(await verifyApiToken(body.token)).toBe(body.user.id);

    const stored = await db.user.findUniqueOrThrow({ where: { id: body.user.id } });
    expect(stored.email).toBe(email.toLowerCase());
    expect(stored.plan).toBe("free");
    expect(stored.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored.passwordHash).not.toContain(TEST_PASSWORD);
  });

  it("answers 409 for an email already taken, whatever its case and spacing", async () => {
    const email = uniqueEmail();
    expect((await register({ email, password: TEST_PASSWORD })).status).toBe(201);
    const res = await register({ email: ` ${email.toUpperCase()} `, password: "another-password" });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "email_taken", message: "An account with this email already exists" });
    expect(await db.user.count({ where: { email: email.toLowerCase() } })).toBe(1);
  });

  it("creates exactly one account when the same email registers twice at once", async () => {
    const email = uniqueEmail();
    const statuses = (
      await Promise.all([register({ email, password: TEST_PASSWORD }), register({ email, password: TEST_PASSWORD })])
    ).map((res) => res.status);
    expect(statuses.sort()).toEqual([201, 409]);
  });

  it("answers 400 for malformed JSON", async () => {
    const res = await register('{"email": "a@b.co",');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid_json" });
  });

  it("answers 400 naming both fields when they are missing", async () => {
    const res = await register({});
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe("validation_error");
    expect(body.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(["email", "password"]);
  });

  it("answers 400 for fields of the wrong type", async () => {
    const res = await register({ email: 42, password: ["secret-secret"] });
    expect(res.status).toBe(400);
    expect((await res.json()).issues).toEqual([
      { path: "email", message: "Please enter a valid email address." },
      { path: "password", message: "Password must be a string." },
    ]);
  });

  it("answers 400 for a body that is not an object", async () => {
    for (const body of ["[]", '"text"']) {
      const res = await register(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "validation_error" });
    }
  });

  it.each([
    ["an invalid email", { email: "not-an-email", password: TEST_PASSWORD }, "email", "Please enter a valid email address."],
    [
      "an email over 254 characters",
      { email: `${"a".repeat(250)}@example.com`, password: TEST_PASSWORD },
      "email",
      "Please enter a valid email address.",
    ],
    [
      "a password of 7 characters",
      { email: "seven@example.com", password: "1234567" },
      "password",
      "Password must be at least 8 characters.",
    ],
    [
      `a password over ${PASSWORD_MAX_LENGTH} characters`,
      { email: "long@example.com", password: "x".repeat(PASSWORD_MAX_LENGTH + 1) },
      "password",
      `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
    ],
  ])("answers 400 for %s", async (_name, payload, path, message) => {
    const res = await register(payload);
    expect(res.status).toBe(400);
    expect((await res.json()).issues).toEqual([{ path, message }]);
  });

  it.each(["        ", "\t\t\t\t\t\t\t\t", " \n \n \n \n "])(
    "answers 400 for a password of only blanks (%j)",
    async (password) => {
      const email = uniqueEmail();
      const res = await register({ email, password });
      expect(res.status).toBe(400);
      expect((await res.json()).issues).toEqual([
        { path: "password", message: "Password must contain characters other than spaces." },
      ]);
      expect(await db.user.count({ where: { email } })).toBe(0);
    },
  );

  it(`answers 429 once an address has tried ${env.REGISTRATIONS_PER_IP_PER_HOUR} registrations in the hour; others still register`, async () => {
    const ip = "198.51.100.77";
    const statuses = await Promise.all(
      Array.from({ length: env.REGISTRATIONS_PER_IP_PER_HOUR + 3 }, () =>
        register({ email: uniqueEmail(), password: TEST_PASSWORD }, ip),
      ),
    );
    expect(statuses.filter((res) => res.status === 201)).toHaveLength(env.REGISTRATIONS_PER_IP_PER_HOUR);
    const refused = statuses.filter((res) => res.status === 429);
    expect(refused).toHaveLength(3);
    expect(Number(refused[0]?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused[0]?.json()).toMatchObject({ code: "rate_limited" });
    expect((await register({ email: uniqueEmail(), password: TEST_PASSWORD })).status).toBe(201);
  });

  it("keeps the token, a secret, out of every cache", async () => {
    const res = await register({ email: uniqueEmail(), password: TEST_PASSWORD });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("accepts a password of exactly 8 and of exactly the maximum length", async () => {
    expect((await register({ email: uniqueEmail(), password: "12345678" })).status).toBe(201);
    expect((await register({ email: uniqueEmail(), password: "é".repeat(PASSWORD_MAX_LENGTH) })).status).toBe(201);
  });

  it("answers 413 for a body over the size cap", async () => {
    const res = await register({ email: uniqueEmail(), password: "x".repeat(MAX_BODY_BYTES) });
    expect(res.status).toBe(413);
  });

  it("answers 405 with Allow to GET", async () => {
    const res = await callHandler(GET, new Request("http://localhost/api/auth/register", { method: "GET" }));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(await res.json()).toMatchObject({ code: "method_not_allowed" });
  });
});
