import { randomBytes } from "node:crypto";
import type { HeaderReader } from "@/lib/infra/api/operation";

/**
 * How the edge asks a route which methods it serves (docs/architecture.md#the-edge): a request with a method the
 * route kit does not know (TRACE, PROPFIND, FOO…) is passed to the route as OPTIONS with this header, and
 * methods() (lib/http/methods.ts) answers it 405 with the route's own `Allow`. The value is a secret of this
 * process, so no client can make a real OPTIONS (a CORS preflight) answer 405; the edge removes the header from
 * every request it receives.
 */
export const METHOD_PROBE_HEADER = "x-scrapedeck-method-probe";
// Shared through globalThis: the edge and Next's route bundles are separate module graphs in one process.
const PROBE_SECRET_KEY = Symbol.for("scrapedeck.edge.methodProbeSecret");
type SecretStore = Record<symbol, string | undefined>;

/** The probe secret of this process, created on first use (by the edge, before it serves anything). */
export function methodProbeSecret(): string {
  const store = globalThis as unknown as SecretStore;
  store[PROBE_SECRET_KEY] ??= randomBytes(16).toString("hex");
  return store[PROBE_SECRET_KEY];
}

/** True when a request is the edge's method probe; always false without an edge in front. */
export function isMethodProbe(headers: HeaderReader): boolean {
  const secret = (globalThis as unknown as SecretStore)[PROBE_SECRET_KEY];
  return secret !== undefined && headers.get(METHOD_PROBE_HEADER) === secret;
}
