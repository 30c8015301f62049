// The ScrapeDeck SDK: the API client generated from its OpenAPI document, and the verifiers of what ScrapeDeck signs
// (license answers, license files, webhooks), the very code the service's own tests check.
export { createScrapeDeck, type ScrapeDeck, type ScrapeDeckOptions } from "./client";
export { KEYS_PATH, SigningKeys, withKeys } from "./keys";
export type { LicenseFile, paths, Schemas, VerifyResult, WebhookEvent, webhooks } from "./types";
export { type LicenseAnswerFailure, verifyLicenseAnswer } from "./verify/license-answer";
export { type LicenseFileFailure, type LicenseFilePayload, verifyLicenseFile } from "./verify/license-file";
export type { Jwks, PublicJwk } from "./verify/scheme";
export { type SignatureFailure, type SignedResponse, type Verified, verifySignedResponse } from "./verify/signature";
export { verifyWebhook, type WebhookFailure } from "./verify/webhook";
