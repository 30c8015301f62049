import { z } from "zod";
import { PUBLIC } from "@/lib/auth/access";
import { SERVER_ERROR } from "@/lib/infra/api/errors";
import { operation } from "@/lib/infra/api/operation";

// The API's own description (docs/architecture.md#operations). Implemented in operations.ts.

export const getOpenApiDocument = operation({
  method: "GET",
  path: "/api/openapi.json",
  operationId: "getOpenApiDocument",
  tag: "service",
  summary: "This API's OpenAPI 3.1 document, from which the reference and the typed client are made.",
  access: PUBLIC,
  success: { status: 200, description: "The document.", schema: z.record(z.string(), z.unknown()) },
  errors: SERVER_ERROR,
});
