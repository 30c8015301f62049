import { API_KEY_PREFIX, isWellFormedApiKey } from "@/lib/api-keys/format";
import { type ApiKeyOwner, findApiKeyOwner, recordApiKeyUse } from "@/lib/api-keys/keys";
import { bearerCredential } from "@/lib/auth/bearer";
import { AppError } from "@/lib/infra/errors";
import { log } from "@/lib/infra/log";
import { compose, type Handler, type NextRouteHandler, type RouteContext } from "./route";

export interface ApiKeyContext extends RouteContext, ApiKeyOwner {}

const missingKey = () => new AppError("missing_api_key", "API key required: send it as 'Authorization: Bearer <your API key>'.");
const invalidKey = (message: string) => new AppError("invalid_api_key", message);

/**
 * Who is calling, from `Authorization: Bearer <api key>`. Malformed keys and bad checksums are refused
 * before the database is asked; last use is recorded without holding up the request, and only when the recorded one is stale.
 */
export function authenticateApiKey(headers: Headers): Promise<ApiKeyOwner> {
  return authenticateAuthorization(headers.get("authorization"));
}

/** authenticateApiKey on the Authorization header's value, as node's request carries it (the edge's fast paths). */
export async function authenticateAuthorization(header: string | null | undefined): Promise<ApiKeyOwner> {
  const authorization = header?.trim();
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

/** Routes called with an API key (scraper runs): `ctx.apiKey` and its owner `ctx.user`; 401 JSON otherwise. */
export function apiKeyRoute(handler: Handler<ApiKeyContext>): NextRouteHandler {
  return compose(async (ctx) => ({ ...ctx, ...(await authenticateApiKey(ctx.req.headers)) }), handler);
}
