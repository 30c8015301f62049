import { getMeOperation } from "@/lib/accounts/operations";
import { expiredSignedInHintCookie } from "@/lib/auth/signed-in-hint";
import { type NextRouteHandler, serve } from "@/lib/http";

const served = serve(getMeOperation);

/** The session check. A 401 also removes the signed-in hint, which the browser only holds while it thinks it has a session. */
export const GET: NextRouteHandler = async (req, segment) => {
  const res = await served.GET(req, segment);
  if (res.status === 401) res.headers.append("Set-Cookie", expiredSignedInHintCookie());
  return res;
};

export const { POST, PUT, PATCH, DELETE, OPTIONS } = served;
