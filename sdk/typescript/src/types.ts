// The API's shapes, from the generated types (src/generated/schema.d.ts, made from the OpenAPI document).
import type { components, paths, webhooks } from "./generated/schema";

export type { components, paths, webhooks };
export type Schemas = components["schemas"];
/** The answer of POST /api/verify-license, valid or not. */
export type VerifyResult = Schemas["VerifyResult"];
/** The answer of POST /api/licenses/{id}/file. */
export type LicenseFile = Schemas["LicenseFile"];
/** A webhook delivery's body, by event type. */
export type WebhookEvent = {
  [Type in keyof webhooks]: webhooks[Type]["post"]["requestBody"] extends { content: { "application/json": infer Body } }
    ? Body
    : never;
}[keyof webhooks];
