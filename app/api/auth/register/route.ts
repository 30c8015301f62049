import { registerUser } from "@/lib/accounts/accounts";
import { registerSchema } from "@/lib/accounts/schemas";
import { issueApiToken } from "@/lib/auth/tokens";
import { created, methods, parseJsonBody, route } from "@/lib/http";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  {
    POST: route(async ({ req }) => {
      const input = await parseJsonBody(req, registerSchema);
      const user = await registerUser(input);
      return created({ token: await issueApiToken(user.id), user });
    }),
  },
  { GET: "Use POST with {email, password} to create an account" },
);
