import { toUserDto } from "@/lib/accounts/accounts";
import { expiredSignedInHintCookie } from "@/lib/auth/signed-in-hint";
import { methods, type NextRouteHandler, userRoute } from "@/lib/http";

const me = userRoute(async ({ user }) => toUserDto(user));

/** The session check. A 401 also removes the signed-in hint, which the browser only holds while it thinks it has a session. */
const GET_ME: NextRouteHandler = async (req, segment) => {
  const res = await me(req, segment);
  if (res.status === 401) res.headers.append("Set-Cookie", expiredSignedInHintCookie());
  return res;
};

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  { GET: GET_ME },
  { POST: "Use GET to read the signed-in user" },
);
