import "server-only";
import { implement } from "@/lib/infra/api/operation";
import * as contract from "./contract";
import { buildOpenApiDocument } from "./document";

// Built once per process: it never changes at run time, and it is the same document `npm run build` writes to
// public/openapi.json.
let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export const getOpenApiDocumentOperation = implement(contract.getOpenApiDocument, {
  handle: async () => {
    document ??= buildOpenApiDocument();
    return document as unknown as Record<string, unknown>;
  },
});
