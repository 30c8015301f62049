import "server-only";
import { getCurrentUser } from "@/lib/auth/current-user";
import { expiredSessionCookies } from "@/lib/auth/session-cookie";
import { endAllSessions, endSession } from "@/lib/auth/sessions";
import { issueApiToken } from "@/lib/auth/tokens";
import { implement, reply } from "@/lib/infra/api/operation";
import { AppError } from "@/lib/infra/errors";
import { registerUser, toUserDto } from "./accounts";
import * as contract from "./contract";
import { authenticate } from "./login";
import { throttleRegistration } from "./register-throttle";

export const registerOperation = implement(contract.register, {
  async handle({ body, request }) {
    const input = await body();
    await throttleRegistration(request.clientIp);
    const user = await registerUser(input);
    return { token: await issueApiToken(user.id), user };
  },
});

export const loginOperation = implement(contract.login, {
  async handle({ body, request }) {
    const user = await authenticate(await body(), request.clientIp);
    if (!user) throw new AppError("unauthorized", "Invalid email or password");
    return { token: await issueApiToken(user.id), user };
  },
});

export const getMeOperation = implement(contract.getMe, { handle: async ({ caller }) => toUserDto(caller.user) });

/**
 * Ends the session (cookie) or API token (bearer) the request carries server-side, so a copy of it stops working
 * too, and removes the cookie from this browser. `everywhere` ends all of the user's sessions and tokens. Signed
 * out already is fine.
 */
export const logoutOperation = implement(contract.logout, {
  async handle({ body, request }) {
    const { everywhere } = await body();
    const user = await getCurrentUser(request.headers);
    if (user) await (everywhere ? endAllSessions(user.id) : endSession(user.session));
    return reply(200, { message: "Logged out" }, { cookies: expiredSessionCookies(request.headers.get("cookie")) });
  },
});
