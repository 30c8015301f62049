// Asks a running server to render the catalogue pages again (POST /api/catalogue/revalidate): after a seed, and when
// npm start serves a build whose pages were rendered from another database.
import { revalidationTokenFor } from "@/lib/catalogue/revalidation-token";

/** True when the server answered 200; false when none answers at `origin` (nothing to refresh then). */
export async function requestCatalogueRevalidation(origin: string, secret: string): Promise<boolean> {
  try {
    const res = await fetch(new URL("/api/catalogue/revalidate", origin), {
      method: "POST",
      headers: { authorization: `Bearer ${revalidationTokenFor(secret)}` },
    });
    return res.ok;
  } catch {
    return false;
  }
}

/** Waits (up to `timeoutMs`) for the server at `origin` to answer its health check, then asks for revalidation. */
export async function revalidateWhenUp(origin: string, secret: string, timeoutMs = 120_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const up = await fetch(new URL("/api/health", origin)).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return requestCatalogueRevalidation(origin, secret);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}
