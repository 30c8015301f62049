import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { safeCallbackPath } from "./callback-url";
import { getCurrentUser } from "./current-user";

/**
 * Login and register are for signed-out visitors (docs/product.md#routes): a signed-in one goes on to where they were heading.
 * proxy.ts does this optimistically from the cookie; this check reads the session for real.
 */
export async function redirectIfSignedIn(callbackUrl: string | string[] | undefined): Promise<string> {
  const destination = safeCallbackPath(callbackUrl);
  if (await getCurrentUser(await headers())) redirect(destination);
  return destination;
}
