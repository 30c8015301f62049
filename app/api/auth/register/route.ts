import { registerUser } from "@/lib/accounts/accounts";
import { throttleRegistration } from "@/lib/accounts/register-throttle";
import { registerSchema } from "@/lib/accounts/schemas";
import { clientIp } from "@/lib/auth/client-ip";
import { issueApiToken } from "@/lib/auth/tokens";
import { created, methods, parseJsonBody, route } from "@/lib/http";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  {
    POST: route(async ({ req }) => {
      const input = await parseJsonBody(req, registerSchema);
      await throttleRegistration(clientIp(req.headers));
      const user = await registerUser(input);
      return created({ token: await issueApiToken(user.id), user });
    }),
  },
  { GET: "Use POST with {email, password} to create an account" },
);
