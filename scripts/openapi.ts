// npm run openapi (and before every build): writes the OpenAPI document to public/openapi.json, the same document
// GET /api/openapi.json serves, for tools that want a static file. Generated, so not in git.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildOpenApiDocument } from "@/lib/api/document";

export const OPENAPI_FILE = path.resolve(import.meta.dirname, "..", "public", "openapi.json");

export function writeOpenApiFile(file = OPENAPI_FILE): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeOpenApiFile();
  console.log(`Wrote ${path.relative(process.cwd(), OPENAPI_FILE)}`);
}
