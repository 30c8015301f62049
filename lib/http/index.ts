// The route kit: everything a route file needs, from this one path. The only code that speaks HTTP.
export { AppError } from "@/lib/infra/errors";
export { MAX_BODY_BYTES, parseJsonBody, parseSearchParams } from "./body";
export { withPublicCors } from "./cors";
export { errorResponse, HTTP_STATUS, httpStatusOf, validationError } from "./errors";
export { created, jsonResponse } from "./json";
export { forEveryMethod, HTTP_METHODS, type HttpMethod, methods, servedMethods } from "./methods";
export { serveRoute } from "./node";
export { rateLimitHeaders, setRateLimitHeaders } from "./rate-limit";
export { compose, type Handler, type NextRouteHandler, parseId, type RouteContext, route } from "./route";
export { type ApiKeyContext, apiKeyRoute, authenticateApiKey } from "./with-api-key";
export { type CallerContext, callerRoute } from "./with-caller";
export { assertSameOrigin, type UserContext, userRoute } from "./with-user";
