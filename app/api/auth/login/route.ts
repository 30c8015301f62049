import { authenticate } from "@/lib/accounts/login";
import { loginSchema } from "@/lib/accounts/schemas";
import { clientIp } from "@/lib/auth/client-ip";
import { issueApiToken } from "@/lib/auth/tokens";
import { AppError, methods, parseJsonBody, route } from "@/lib/http";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  {
    POST: route(async ({ req }) => {
      const input = await parseJsonBody(req, loginSchema);
      const user = await authenticate(input, clientIp(req.headers));
      if (!user) throw new AppError("unauthorized", "Invalid email or password");
      return { token: await issueApiToken(user.id), user };
    }),
  },
  { GET: "Use POST with {email, password} to log in" },
);
