export { MAX_BODY_BYTES, parseJsonBody, parseSearchParams } from "./body";
export * from "./errors";
export { jsonResponse } from "./json";
export { compose, created, type Handler, methodNotAllowed, otherMethods, parseId, type RouteContext, route } from "./route";
export { type ApiKeyContext, apiKeyRoute, authenticateApiKey } from "./with-api-key";
