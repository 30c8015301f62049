// The signing keys (GET /.well-known/scrapedeck-keys.json), fetched when first needed, kept as long as the answer's
// Cache-Control allows, and fetched again when a verifier meets a key id it does not know (a key rotation).
import type { Jwks } from "./verify/scheme";

export const KEYS_PATH = "/.well-known/scrapedeck-keys.json";

export interface SigningKeysOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  /** At most one fetch for an unknown key id per this many milliseconds (default 60 000). */
  minRefetchMs?: number;
}

export class SigningKeys {
  readonly #url: string;
  readonly #fetch: typeof fetch;
  readonly #minRefetchMs: number;
  #keys: Jwks | undefined;
  #expiresAt = 0;
  #fetchedAt = Number.NEGATIVE_INFINITY;

  constructor({ baseUrl, fetch: fetchImpl = globalThis.fetch, minRefetchMs = 60_000 }: SigningKeysOptions) {
    this.#url = `${baseUrl.replace(/\/+$/, "")}${KEYS_PATH}`;
    this.#fetch = fetchImpl;
    this.#minRefetchMs = minRefetchMs;
  }

  /** The key set, from the cache while it is fresh. */
  async get(): Promise<Jwks> {
    if (this.#keys && Date.now() < this.#expiresAt) return this.#keys;
    return this.#load();
  }

  /** The key set fetched again, unless it was fetched moments ago (then null): after an unknown key id. */
  async refresh(): Promise<Jwks | null> {
    if (Date.now() - this.#fetchedAt < this.#minRefetchMs) return null;
    return this.#load();
  }

  async #load(): Promise<Jwks> {
    this.#fetchedAt = Date.now();
    const res = await this.#fetch(this.#url, { headers: { accept: "application/json" } });
    if (!res.ok) throw new Error(`GET ${KEYS_PATH} answered ${res.status}`);
    const keys = (await res.json()) as Jwks;
    const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get("cache-control") ?? "")?.[1] ?? 0);
    this.#keys = keys;
    this.#expiresAt = Date.now() + maxAge * 1000;
    return keys;
  }
}

/** Runs a verifier with the key set; when it meets a key id the set does not list, once more with the set fetched again. */
export async function withKeys<R extends { ok: boolean; reason?: string }>(
  keys: SigningKeys,
  verify: (jwks: Jwks) => Promise<R>,
): Promise<R> {
  const first = await verify(await keys.get());
  if (first.ok || first.reason !== "unknown_key") return first;
  const fresh = await keys.refresh();
  return fresh ? verify(fresh) : first;
}
