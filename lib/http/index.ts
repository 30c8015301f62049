// The route kit: everything a route file needs, from this one path. The only code that speaks HTTP.
export { AppError } from "@/lib/errors";
export { MAX_BODY_BYTES, parseJsonBody, parseSearchParams } from "./body";
export { errorResponse, HTTP_STATUS, httpStatusOf, validationError } from "./errors";
export { created, jsonResponse } from "./json";
export { rateLimitHeaders, setRateLimitHeaders } from "./rate-limit";
export {
  compose,
  type Handler,
  methodNotAllowed,
  type NextRouteHandler,
  otherMethods,
  parseId,
  type RouteContext,
  route,
} from "./route";
export { type ApiKeyContext, apiKeyRoute, authenticateApiKey } from "./with-api-key";
export { assertSameOrigin, type UserContext, userRoute } from "./with-user";
