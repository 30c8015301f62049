import { registerUser } from "@/lib/accounts/accounts";
import { registerSchema } from "@/lib/accounts/schemas";
import { issueApiToken } from "@/lib/auth/tokens";
import { created, methodNotAllowed, otherMethods, parseJsonBody, route } from "@/lib/http";

export const POST = route(async ({ req }) => {
  const input = await parseJsonBody(req, registerSchema);
  const user = await registerUser(input);
  return created({ token: await issueApiToken(user.id), user });
});

export const GET = methodNotAllowed(["POST"], "Use POST with {email, password} to create an account");

export const { PUT, PATCH, DELETE } = otherMethods(["POST"]);
