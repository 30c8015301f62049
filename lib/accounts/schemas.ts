import { z } from "zod";

// Shared by the login/register forms and the API routes (docs/product.md#validation): one schema per payload.

export const PASSWORD_MAX_LENGTH = 128;
/** RFC 5321 caps a forward path at 254 characters; anything longer cannot be an address. */
const EMAIL_MAX_LENGTH = 254;

export const AUTH_MESSAGES = {
  invalidEmail: "Please enter a valid email address.",
  loginPasswordMin: "Password must be at least 6 characters.",
  registerPasswordMin: "Password must be at least 8 characters.",
  passwordMax: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  passwordRequired: "Password is required.",
  passwordType: "Password must be a string.",
  passwordBlank: "Password must contain characters other than spaces.",
  passwordsDoNotMatch: "Passwords do not match",
} as const;

/** Emails are trimmed and lowercased, so comparisons and the unique index are case-insensitive. */
export const emailSchema = z
  .string({ error: AUTH_MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .pipe(z.email(AUTH_MESSAGES.invalidEmail).max(EMAIL_MAX_LENGTH, AUTH_MESSAGES.invalidEmail));

function passwordSchema(min: number, minMessage: string) {
  // Piped so that the length checks only ever see a string (zod 4 would also run them on an array).
  return z
    .string({ error: (issue) => (issue.input === undefined ? AUTH_MESSAGES.passwordRequired : AUTH_MESSAGES.passwordType) })
    .pipe(z.string().min(min, minMessage).max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordMax));
}

/** A new password: long enough and not blank (eight spaces are eight characters, but no secret). */
function newPasswordSchema(min: number, minMessage: string) {
  return passwordSchema(min, minMessage).refine((password) => password.trim() !== "", AUTH_MESSAGES.passwordBlank);
}

export const loginSchema = z.object({
  email: emailSchema,
  password: passwordSchema(6, AUTH_MESSAGES.loginPasswordMin),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema(8, AUTH_MESSAGES.registerPasswordMin),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The register form adds the confirmation field, checked in the browser only. */
export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });
export type RegisterFormInput = z.input<typeof registerFormSchema>;

export { LOGIN_THROTTLED_ERROR, LOGIN_THROTTLED_MESSAGE } from "./login-throttle-messages";

// Response shapes (docs/product.md#entities), the contract's source: lib/openapi builds the OpenAPI document from them.

export const userSchema = z
  .strictObject({ id: z.number().int().positive(), email: z.string() })
  .meta({ id: "User", example: { id: 42, email: "ada@example.com" } });

/** 201 of register, 200 of login: a bearer token for API calls (valid 24 hours) and the account. */
export const authTokenSchema = z
  .strictObject({
    token: z.string().meta({ description: "Send as `Authorization: Bearer <token>` to the signed-in routes. Valid 24 hours." }),
    user: userSchema,
  })
  .meta({ id: "AuthToken" });
