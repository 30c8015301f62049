// The contract check: an answer a route gave in a test must be one the OpenAPI document describes (status, body,
// required headers). callRoute runs it on every answer, so a handler and its documentation cannot drift apart.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { buildOpenApiDocument } from "@/lib/api/document";
import { errorSchema } from "@/lib/api/shapes";

export const openApiDocument = buildOpenApiDocument();

// ajv-formats is CommonJS: its function is the default export's default under Node's ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const DOCUMENT_ID = "openapi.json";
ajv.addSchema(openApiDocument, DOCUMENT_ID);

type Json = Record<string, unknown>;
const paths = (openApiDocument.paths ?? {}) as Record<string, Record<string, Json>>;

/** Parameters of catch-all route folders ([...nextauth]): they span several path segments. */
const CATCH_ALL_PARAMS = new Set(["nextauth"]);

/** Path templates with their matchers, the ones with fewer parameters first (/api/auth/me before /api/auth/{nextauth}). */
const templates = Object.keys(paths)
  .map((template) => ({
    template,
    params: (template.match(/\{/g) ?? []).length,
    pattern: new RegExp(
      `^${template.replace(/[.]/g, "\\.").replace(/\{([^}]+)\}/g, (_, name: string) => (CATCH_ALL_PARAMS.has(name) ? ".+" : "[^/]+"))}$`,
    ),
  }))
  .sort((a, b) => a.params - b.params);

export function documentedPath(pathname: string): string | undefined {
  return templates.find(({ pattern }) => pattern.test(pathname))?.template;
}

const pointer = (...segments: string[]) =>
  `${DOCUMENT_ID}#/${segments.map((s) => s.replaceAll("~", "~0").replaceAll("/", "~1")).join("/")}`;

const validators = new Map<string, ValidateFunction>();
function validatorAt(ref: string): ValidateFunction {
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.getSchema(ref);
    if (!validate) throw new Error(`contract: no schema at ${ref}`);
    validators.set(ref, validate);
  }
  return validate;
}

function describeErrors(validate: ValidateFunction): string {
  return ajv.errorsText(validate.errors, { separator: "; " });
}

const notAllowedSchema = errorSchema(["method_not_allowed"]);
const notFoundSchema = errorSchema(["not_found"]);

async function readJson(response: Response, where: string): Promise<unknown> {
  const type = response.headers.get("content-type") ?? "";
  if (!type.startsWith("application/json")) throw new Error(`contract: ${where} answered Content-Type '${type}', not JSON`);
  return response.json();
}

/** A document object and where it lives, following a local $ref (shared headers are filed under components). */
function resolve(object: Json, at: string[]): [Json, string[]] {
  const ref = object.$ref;
  if (typeof ref !== "string") return [object, at];
  const segments = ref.replace(/^#\//, "").split("/");
  let target: unknown = openApiDocument;
  for (const segment of segments) target = (target as Json)[segment];
  return [target as Json, segments];
}

/** Throws, saying what differs, when the answer is not one the document allows for this request. */
export async function assertMatchesContract(request: Request, response: Response): Promise<void> {
  const { pathname } = new URL(request.url);
  // Handlers of the route kit's own tests are called on paths outside the API; they are no operation of it. The
  // well-known documents are operations outside /api.
  if (!pathname.startsWith("/api/") && !documentedPath(pathname)) return;
  const method = request.method.toLowerCase();
  const where = `${request.method} ${pathname} → ${response.status}`;
  const template = documentedPath(pathname);

  // The two answers the document states as rules rather than per operation (see its description).
  if (!template || !paths[template]?.[method]) {
    const [status, schema, code] = template ? [405, notAllowedSchema, "method_not_allowed"] : [404, notFoundSchema, "not_found"];
    if (response.status !== status)
      throw new Error(`contract: ${where}: the document has no such operation, so only ${status} ${code} is allowed`);
    const parsed = schema.safeParse(await readJson(response, where));
    if (!parsed.success) throw new Error(`contract: ${where}: ${parsed.error.message}`);
    if (status === 405 && !response.headers.get("allow")) throw new Error(`contract: ${where}: a 405 carries Allow`);
    return;
  }

  const responses = paths[template]?.[method]?.responses as Record<string, Json>;
  const documented = responses[String(response.status)];
  if (!documented) {
    throw new Error(
      `contract: ${where}: the document lists only ${Object.keys(responses).join(", ")} for ${request.method} ${template}`,
    );
  }
  const base = ["paths", template, method, "responses", String(response.status)];

  for (const [name, entry] of Object.entries((documented.headers ?? {}) as Record<string, Json>)) {
    const [header, headerPath] = resolve(entry, [...base, "headers", name]);
    const value = response.headers.get(name);
    if (value === null) {
      if (header.required === true) throw new Error(`contract: ${where}: required header ${name} is missing`);
      continue;
    }
    const validate = validatorAt(pointer(...headerPath, "schema"));
    if (!validate(value)) throw new Error(`contract: ${where}: header ${name}: '${value}' ${describeErrors(validate)}`);
  }

  const content = documented.content as Record<string, unknown> | undefined;
  const [mediaType] = Object.keys(content ?? {});
  if (mediaType && mediaType !== "application/json") {
    // Bytes (a screenshot): the declared type, and a body.
    const type = response.headers.get("content-type");
    if (type !== mediaType) throw new Error(`contract: ${where} answered Content-Type '${type}', not ${mediaType}`);
    if ((await response.arrayBuffer()).byteLength === 0) throw new Error(`contract: ${where}: an empty ${mediaType}`);
    return;
  }
  if (!content?.["application/json"]) {
    if (response.status === 204 && (await response.text()) !== "") throw new Error(`contract: ${where}: a 204 has no body`);
    return;
  }
  const body = await readJson(response, where);
  const validate = validatorAt(pointer(...base, "content", "application/json", "schema"));
  if (!validate(body))
    throw new Error(`contract: ${where}: body ${describeErrors(validate)}\n${JSON.stringify(body).slice(0, 500)}`);
}
