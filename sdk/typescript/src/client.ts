// The client: the typed API (openapi-fetch over the generated paths) and the checks that need our public keys.
import createClient, { type Client } from "openapi-fetch";
import { SigningKeys, withKeys } from "./keys";
import type { paths, VerifyResult } from "./types";
import { type LicenseAnswerFailure, verifyLicenseAnswer } from "./verify/license-answer";
import { type LicenseFileFailure, type LicenseFilePayload, verifyLicenseFile } from "./verify/license-file";
import type { Verified } from "./verify/signature";

export interface ScrapeDeckOptions {
  /** Where the API is served, e.g. https://scrapedeck.example.com. */
  baseUrl: string;
  /** Sent as Authorization: Bearer: an API key (runs, batches) or the token of login/register (your account). */
  credential?: string;
  fetch?: typeof fetch;
}

export interface ScrapeDeck {
  /** Every operation, typed from the OpenAPI document: api.GET("/api/licenses"), api.POST("/api/scrapers/{id}/run", …). */
  api: Client<paths>;
  /** The public keys, cached, refreshed on an unknown key id. */
  keys: SigningKeys;
  /**
   * POST /api/verify-license with a fresh nonce, and its answer proven: ok with the verdict (valid or not), or why the
   * answer cannot be trusted (a changed byte, an old answer replayed, an unknown key, or `error_answer` for a signed 4xx/5xx).
   */
  checkLicense(
    licenseKey: string,
    options?: { nonce?: string; now?: Date },
  ): Promise<Verified<{ kid: string; result: VerifyResult }, LicenseAnswerFailure>>;
  /** A license file checked offline with the public keys (fetched once and cached): ok with what it states, or why not. */
  verifyLicenseFile(
    text: string,
    options?: { now?: Date },
  ): Promise<Verified<{ kid: string; payload: LicenseFilePayload }, LicenseFileFailure>>;
}

const VERIFY_PATH = "/api/verify-license";

export function createScrapeDeck({ baseUrl, credential, fetch: fetchImpl = globalThis.fetch }: ScrapeDeckOptions): ScrapeDeck {
  const root = baseUrl.replace(/\/+$/, "");
  const api = createClient<paths>({
    baseUrl: root,
    fetch: fetchImpl,
    headers: credential ? { Authorization: `Bearer ${credential}` } : {},
  });
  const keys = new SigningKeys({ baseUrl: root, fetch: fetchImpl });

  return {
    api,
    keys,
    async checkLicense(licenseKey, { nonce = crypto.randomUUID(), now } = {}) {
      const url = `${root}${VERIFY_PATH}`;
      const body: paths[typeof VERIFY_PATH]["post"]["requestBody"]["content"]["application/json"] = {
        license_key: licenseKey,
        nonce,
      };
      const res = await fetchImpl(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      // The bytes as received: the signature covers them, not a parse of them.
      const received = {
        status: res.status,
        path: new URL(url).pathname,
        headers: res.headers,
        body: new Uint8Array(await res.arrayBuffer()),
      };
      return withKeys(keys, (jwks) => verifyLicenseAnswer(received, jwks, { nonce, now }));
    },
    verifyLicenseFile: (text, options) => withKeys(keys, (jwks) => verifyLicenseFile(text, jwks, options)),
  };
}
