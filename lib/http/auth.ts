import { API_KEY_PREFIX, isWellFormedApiKey } from "@/lib/api-keys/format";
import { findApiKeyOwner, recordApiKeyUse } from "@/lib/api-keys/keys";
import type { ApiKeyOwner } from "@/lib/auth/access";
import { bearerCredential } from "@/lib/auth/bearer";
import { type CurrentUser, getCurrentUser } from "@/lib/auth/current-user";
import type { AccessKind, HeaderReader } from "@/lib/infra/api/operation";
import { AppError, authenticationRequired } from "@/lib/infra/errors";
import { log } from "@/lib/infra/log";

// Who is calling, proved before an operation runs, for both adapters alike (docs/api.md#authentication).

const missingKey = () => new AppError("missing_api_key", "API key required: send it as 'Authorization: Bearer <your API key>'.");
const invalidKey = (message: string) => new AppError("invalid_api_key", message);

/**
 * The API key of an Authorization header's value, and its owner. Malformed keys and bad checksums are refused before
 * the database is asked; last use is recorded without holding up the request, and only when the recorded one is stale.
 */
export async function authenticateApiKey(authorizationHeader: string | null | undefined): Promise<ApiKeyOwner> {
  const authorization = authorizationHeader?.trim();
  if (!authorization) throw missingKey();
  const key = bearerCredential(authorization);
  if (!key || !isWellFormedApiKey(key)) {
    throw invalidKey(`Malformed API key: copy the whole key, ${API_KEY_PREFIX} followed by 40 hex characters.`);
  }
  const found = await findApiKeyOwner(key);
  if (!found) throw invalidKey("Invalid API key: it does not exist or has been deleted.");
  const { lastUseStale, ...owner } = found;
  // Written at most once a minute per key: a busy key does not turn every call into a write.
  if (lastUseStale) {
    recordApiKeyUse(owner.apiKey.id).catch((err: unknown) => {
      log.error({ err, apiKeyId: owner.apiKey.id }, "could not record API key use");
    });
  }
  return owner;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const crossOrigin = () => new AppError("cross_origin", "Cross-origin request refused");

/**
 * A cookie is sent by the browser whoever made the page, so a cookie-authenticated mutation must come from our own
 * origin. Bearer tokens are not sent automatically and need no such check. X-Forwarded-Host is the edge's
 * (server/edge.ts): a trusted proxy's, else the request's own Host.
 */
export function assertSameOrigin(method: string, headers: HeaderReader): void {
  if (SAFE_METHODS.has(method)) return;
  const origin = headers.get("origin");
  if (origin) {
    const host = headers.get("x-forwarded-host") ?? headers.get("host");
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = null;
    }
    if (!host || originHost !== host) throw crossOrigin();
    return;
  }
  if (headers.get("sec-fetch-site") === "cross-site") throw crossOrigin();
}

/** The signed-in user of a session cookie or bearer token; 401 otherwise, and the origin check for cookie writes. */
async function authenticateUser(method: string, headers: HeaderReader): Promise<{ user: CurrentUser }> {
  const user = await getCurrentUser(headers);
  if (!user) throw authenticationRequired();
  if (user.via === "cookie") assertSameOrigin(method, headers);
  return { user };
}

/**
 * The caller an operation's access kind asks for (lib/auth/access.ts types it): nothing for public and server
 * operations, the key and its owner for `apiKey`, the user for `user`, and for `caller` whichever credential came:
 * a bearer credential shaped like an API key is checked as one, anything else as a session or token.
 */
export async function authenticate(kind: AccessKind, method: string, headers: HeaderReader): Promise<unknown> {
  switch (kind) {
    case "public":
    case "server":
      return {};
    case "apiKey":
      return authenticateApiKey(headers.get("authorization"));
    case "user":
      return authenticateUser(method, headers);
    case "caller": {
      const credential = bearerCredential(headers.get("authorization"));
      if (credential && isWellFormedApiKey(credential)) {
        const { user } = await authenticateApiKey(headers.get("authorization"));
        return { user };
      }
      return authenticateUser(method, headers);
    }
  }
}
