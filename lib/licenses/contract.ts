import { z } from "zod";
import { PUBLIC, SIGNED_IN as SIGNED_IN_ACCESS } from "@/lib/auth/access";
import { JSON_BODY, SERVER_ERROR, SIGNED_IN, SIGNED_IN_WRITE } from "@/lib/infra/api/errors";
import { operation } from "@/lib/infra/api/operation";
import { idParam } from "@/lib/infra/api/params";
import {
  addLicenseContentSchema,
  createLicenseSchema,
  jwksSchema,
  LICENSE_FILE_TTL_SECONDS,
  licenseContentSchema,
  licenseFileRequestSchema,
  licenseFileSchema,
  licenseSchema,
  updateLicenseSchema,
  verifyLicenseSchema,
  verifyResultSchema,
} from "./schemas";

// Licenses (docs/architecture.md#operations): a signed-in user's licenses and their content, and the public
// verification partners call on every page view. Implemented in operations.ts.

const exampleLicense = {
  id: 3,
  name: "Course bundle 2027",
  license_key: "SDECK-3F2A-9C1B-0D4E-77A1-B2C3-D4E5-F601-2A3B",
  is_active: true,
  expires_at: "2027-12-31T23:59:59.000Z",
  max_usage: 1000,
  usage_count: 12,
  created_at: "2026-11-02T09:30:00.000Z",
};
const exampleContent = {
  id: 5,
  content_type: "ebook",
  content_id: "ebook-42",
  download_url: "https://cdn.example.com/ebook.pdf",
  access_url: null,
  api_endpoint: null,
  created_at: "2026-11-02T09:31:00.000Z",
};
const NO_LICENSE = { not_found: "You have no license with this id." } as const;

export const listLicenses = operation({
  method: "GET",
  path: "/api/licenses",
  operationId: "listLicenses",
  tag: "licenses",
  summary: "Your licenses, newest first.",
  access: SIGNED_IN_ACCESS,
  success: { status: 200, description: "The licenses.", schema: z.array(licenseSchema), example: [exampleLicense] },
  errors: SIGNED_IN,
});

export const createLicense = operation({
  method: "POST",
  path: "/api/licenses",
  operationId: "createLicense",
  tag: "licenses",
  summary: "Creates a license; the server generates its key. expires_at and max_usage are optional (null: none).",
  access: SIGNED_IN_ACCESS,
  body: {
    schema: createLicenseSchema,
    example: { name: exampleLicense.name, expires_at: exampleLicense.expires_at, max_usage: 1000 },
  },
  success: {
    status: 201,
    description: "The new license.",
    schema: licenseSchema,
    example: { ...exampleLicense, usage_count: 0 },
  },
  errors: { ...SIGNED_IN_WRITE, ...JSON_BODY },
});

export const getLicense = operation({
  method: "GET",
  path: "/api/licenses/{id}",
  operationId: "getLicense",
  tag: "licenses",
  summary: "One of your licenses.",
  access: SIGNED_IN_ACCESS,
  pathParams: idParam("license"),
  success: { status: 200, description: "The license.", schema: licenseSchema, example: exampleLicense },
  errors: { ...SIGNED_IN, ...NO_LICENSE },
});

export const updateLicense = operation({
  method: "PATCH",
  path: "/api/licenses/{id}",
  operationId: "updateLicense",
  tag: "licenses",
  summary: "Changes any of is_active, name, expires_at and max_usage; null clears the expiry or the usage limit.",
  access: SIGNED_IN_ACCESS,
  pathParams: idParam("license"),
  body: { schema: updateLicenseSchema, example: { is_active: false } },
  success: {
    status: 200,
    description: "The license as it is now.",
    schema: licenseSchema,
    example: { ...exampleLicense, is_active: false },
  },
  errors: { ...SIGNED_IN_WRITE, ...JSON_BODY, ...NO_LICENSE },
});

export const deactivateLicense = operation({
  method: "POST",
  path: "/api/licenses/{id}/deactivate",
  operationId: "deactivateLicense",
  tag: "licenses",
  summary: "Deactivates a license: verifications answer inactive from then on. Deactivating twice is fine.",
  access: SIGNED_IN_ACCESS,
  pathParams: idParam("license"),
  success: {
    status: 200,
    description: "The license, inactive.",
    schema: licenseSchema,
    example: { ...exampleLicense, is_active: false },
  },
  errors: { ...SIGNED_IN_WRITE, ...NO_LICENSE },
});

export const listLicenseContent = operation({
  method: "GET",
  path: "/api/licenses/{id}/content",
  operationId: "listLicenseContent",
  tag: "licenses",
  summary: "The content items attached to a license, oldest first.",
  access: SIGNED_IN_ACCESS,
  pathParams: idParam("license"),
  success: { status: 200, description: "The items.", schema: z.array(licenseContentSchema), example: [exampleContent] },
  errors: { ...SIGNED_IN, ...NO_LICENSE },
});

export const addLicenseContent = operation({
  method: "POST",
  path: "/api/licenses/{id}/content",
  operationId: "addLicenseContent",
  tag: "licenses",
  summary: "Attaches a content item; its URLs are what a valid verification returns.",
  access: SIGNED_IN_ACCESS,
  pathParams: idParam("license"),
  body: {
    schema: addLicenseContentSchema,
    example: {
      content_type: exampleContent.content_type,
      content_id: exampleContent.content_id,
      download_url: exampleContent.download_url,
    },
  },
  success: { status: 201, description: "The new item.", schema: licenseContentSchema, example: exampleContent },
  errors: { ...SIGNED_IN_WRITE, ...JSON_BODY, ...NO_LICENSE },
});

const exampleLicenseFile = {
  license_file:
    "-----BEGIN SCRAPEDECK LICENSE FILE-----\neyJlbmMiOiJleUpzYVdObGJuTmxJanA3SW10bGVTSTZJbE5FUlVOTExUTkdNa0V0\n…\n-----END SCRAPEDECK LICENSE FILE-----\n",
  issued_at: "2026-11-28T10:00:00.000Z",
  expires_at: "2026-12-28T10:00:00.000Z",
  kid: "RZvO062Yo9AQdOksinb4R5Ghq7QdMvLusS34Ix8hy5I",
};

export const issueLicenseFile = operation({
  method: "POST",
  path: "/api/licenses/{id}/file",
  operationId: "issueLicenseFile",
  tag: "licenses",
  summary: `Issues a signed offline license file, valid for ttl seconds (${LICENSE_FILE_TTL_SECONDS.default / 86_400} days by default), never past the license's own expiry. Counts no use.`,
  description:
    "A partner checks the file with the public keys of /.well-known/scrapedeck-keys.json alone, while ScrapeDeck cannot be reached (docs/api.md#license-files; the LicenseFileEnvelope and LicenseFilePayload schemas). A file already issued stays valid until its own expires_at, even after the license is deactivated.",
  access: SIGNED_IN_ACCESS,
  pathParams: idParam("license"),
  body: { schema: licenseFileRequestSchema, example: { ttl: 7 * 86_400 }, required: false },
  success: { status: 201, description: "The license file.", schema: licenseFileSchema, example: exampleLicenseFile },
  errors: {
    ...SIGNED_IN_WRITE,
    ...JSON_BODY,
    ...NO_LICENSE,
    license_inactive: "The license is deactivated: it gets no new file.",
    license_expired: "The license has expired: it gets no new file.",
  },
});

/**
 * How long a cache may keep the key set. Far shorter than a rotation's overlap (a retired key stays listed for the
 * longest license file ttl, 30 days by default): a new key reaches every cache within the hour, and verifiers that
 * meet a key id they do not know fetch the set again at once (docs/decisions.md#signed-answers).
 */
export const KEYS_MAX_AGE_SECONDS = 3600;

export const getSigningKeys = operation({
  method: "GET",
  path: "/.well-known/scrapedeck-keys.json",
  operationId: "getSigningKeys",
  tag: "licenses",
  summary:
    "The public keys that verify signed answers and license files (a JWKS document): the current key, then rotated-out keys until their exp.",
  description: `Cacheable for ${KEYS_MAX_AGE_SECONDS / 60} minutes by anyone. A verifier that meets a keyid it does not know fetches the set again. Open to every origin.`,
  access: PUBLIC,
  success: {
    status: 200,
    description: "The key set.",
    schema: jwksSchema,
    example: {
      keys: [
        {
          kty: "OKP",
          crv: "Ed25519",
          x: "Pwa8go_wqKHqPgr_KQdTyN764fVYxge6hl4uJOydiqs",
          kid: "RZvO062Yo9AQdOksinb4R5Ghq7QdMvLusS34Ix8hy5I",
          use: "sig",
          alg: "EdDSA",
        },
      ],
    },
  },
  cacheControl: `public, max-age=${KEYS_MAX_AGE_SECONDS}`,
  cors: true,
  errors: SERVER_ERROR,
});

export const verifyLicense = operation({
  method: "POST",
  path: "/api/verify-license",
  operationId: "verifyLicense",
  tag: "licenses",
  summary:
    "Checks a license key. A valid answer counts one use of the license; an invalid one says why (not found, inactive, expired or usage exceeded) and counts nothing.",
  description:
    "Public and open to every origin: call it from your customers' software or your own site. It takes no credentials. Every answer, errors included, is signed (RFC 9421, Ed25519; docs/api.md#signed-answers): check it with the keys of /.well-known/scrapedeck-keys.json, and send a fresh nonce to have it echoed inside the signed body.",
  access: PUBLIC,
  body: {
    schema: verifyLicenseSchema,
    example: { license_key: exampleLicense.license_key, nonce: "5f0c1e9a-3b7d-4c2a-9e61-0d8f3a2b7c45" },
  },
  success: {
    status: 200,
    description: "The verdict, valid or not.",
    schema: verifyResultSchema,
    example: {
      valid: true,
      code: "valid",
      message: "License is valid.",
      content: [exampleContent.download_url],
      nonce: "5f0c1e9a-3b7d-4c2a-9e61-0d8f3a2b7c45",
    },
  },
  rateLimit: "all",
  cors: true,
  signed: true,
  errors: {
    ...JSON_BODY,
    rate_limited: "Too many verifications from your address. Wait for Retry-After seconds.",
    ...SERVER_ERROR,
  },
  notAllowedHints: { GET: "Use POST with a JSON body {license_key}." },
});

export const LICENSES_CONTRACT = [
  listLicenses,
  createLicense,
  getLicense,
  updateLicense,
  deactivateLicense,
  listLicenseContent,
  addLicenseContent,
  issueLicenseFile,
  verifyLicense,
  getSigningKeys,
] as const;
