import { z } from "zod";
import { PUBLIC, SIGNED_IN as SIGNED_IN_ACCESS } from "@/lib/auth/access";
import { JSON_BODY, SERVER_ERROR, SIGNED_IN, SIGNED_IN_WRITE } from "@/lib/infra/api/errors";
import { operation } from "@/lib/infra/api/operation";
import { idParam } from "@/lib/infra/api/params";
import {
  addLicenseContentSchema,
  createLicenseSchema,
  licenseContentSchema,
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

export const verifyLicense = operation({
  method: "POST",
  path: "/api/verify-license",
  operationId: "verifyLicense",
  tag: "licenses",
  summary:
    "Checks a license key. A valid answer counts one use of the license; an invalid one says why (not found, inactive, expired or usage exceeded) and counts nothing.",
  description:
    "Public and open to every origin: call it from your customers' software or your own site. It takes no credentials.",
  access: PUBLIC,
  body: { schema: verifyLicenseSchema, example: { license_key: exampleLicense.license_key } },
  success: {
    status: 200,
    description: "The verdict, valid or not.",
    schema: verifyResultSchema,
    example: { valid: true, code: "valid", message: "License is valid.", content: [exampleContent.download_url] },
  },
  rateLimit: "all",
  cors: true,
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
  verifyLicense,
] as const;
