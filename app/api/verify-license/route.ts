import { clientIp } from "@/lib/auth/client-ip";
import { methodNotAllowed, otherMethods, parseJsonBody, route, setRateLimitHeaders } from "@/lib/http";
import { verifyLicenseSchema } from "@/lib/licenses/schemas";
import { verifyLicense } from "@/lib/licenses/verify";
import { throttleVerification } from "@/lib/licenses/verify-throttle";

// Public and called from partners' own sites, so any origin may call it; it takes no credentials.
const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Expose-Headers": "Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-Request-Id",
  "Access-Control-Max-Age": "86400",
};

export const OPTIONS = route(async () => new Response(null, { status: 204, headers: CORS_HEADERS }));

export const POST = route(async ({ req, responseHeaders }) => {
  for (const [name, value] of Object.entries(CORS_HEADERS)) responseHeaders.set(name, value);
  setRateLimitHeaders(responseHeaders, await throttleVerification(clientIp(req.headers)));
  const { license_key } = await parseJsonBody(req, verifyLicenseSchema);
  return verifyLicense(license_key);
});

export const GET = methodNotAllowed(["POST", "OPTIONS"], "Use POST with a JSON body {license_key}.");

export const { PUT, PATCH, DELETE } = otherMethods(["POST"]);
