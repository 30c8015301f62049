import { clientIp } from "@/lib/auth/client-ip";
import { methods, parseJsonBody, route, setRateLimitHeaders, withPublicCors } from "@/lib/http";
import { verifyLicenseSchema } from "@/lib/licenses/schemas";
import { verifyLicense } from "@/lib/licenses/verify";
import { throttleVerification } from "@/lib/licenses/verify-throttle";

// Public and called from partners' own sites: any origin may call it, and it takes no credentials.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  withPublicCors({
    POST: route(async ({ req, responseHeaders }) => {
      setRateLimitHeaders(responseHeaders, await throttleVerification(clientIp(req.headers)));
      const { license_key } = await parseJsonBody(req, verifyLicenseSchema);
      return verifyLicense(license_key);
    }),
  }),
  { GET: "Use POST with a JSON body {license_key}." },
);
