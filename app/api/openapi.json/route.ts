import { methods, route } from "@/lib/http";
import { buildOpenApiDocument } from "@/lib/http/openapi/document";

// The same document `npm run build` writes to public/openapi.json; built once per process, it never changes at run time.
let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(async () => {
    document ??= buildOpenApiDocument();
    return document;
  }),
});
