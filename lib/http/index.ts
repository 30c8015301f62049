// The route kit: everything a route file needs, from this one path. The only code that speaks HTTP.
export { AppError } from "@/lib/infra/errors";
export { MAX_BODY_BYTES, parseJsonBody } from "./body";
export { errorResponse, HTTP_STATUS, httpStatusOf, validationError } from "./errors";
export { forEveryMethod, HTTP_METHODS, type HttpMethod, methods, type RouteMethods, servedMethods } from "./methods";
export { type Handler, type NextRouteHandler, type RouteContext, route } from "./route";
export { answerOperation, type PathService, pathService, serve } from "./serve";
