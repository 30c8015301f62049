// The Python SDK's generated part (sdk/python/scrapedeck/_operations.py): one method per operation of the OpenAPI
// document, standard library only. The transport, the errors and the verifiers are written by hand beside it.

type Json = Record<string, unknown>;

interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  description?: string;
  schema?: Json;
}

interface OperationObject {
  operationId: string;
  summary?: string;
  security?: Record<string, unknown>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Json }> };
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const PYTHON_KEYWORDS = new Set(["async", "await", "class", "def", "from", "global", "import", "lambda", "pass", "type", "id"]);

const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
/** A Python name for a parameter (`id` and `type` are allowed but shadow builtins; keywords are not allowed). */
const pythonName = (name: string) => (PYTHON_KEYWORDS.has(name) && name !== "id" && name !== "type" ? `${name}_` : name);
const pyString = (text: string) => JSON.stringify(text);

/** Operations a client has no use for: the browser's preflights, next-auth's own endpoints, the server's revalidation. */
function isForClients(path: string, method: string, op: OperationObject): boolean {
  if (path.includes("{nextauth}")) return false;
  const schemes = (op.security ?? []).flatMap((entry) => Object.keys(entry));
  if (schemes.length > 0 && schemes.every((scheme) => scheme === "revalidationToken")) return false;
  return METHODS.includes(method as (typeof METHODS)[number]);
}

function resolve(document: Json, schema: Json | undefined): Json | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== "string") return schema;
  let target: unknown = document;
  for (const segment of ref.replace(/^#\//, "").split("/")) target = (target as Json)[segment];
  return target as Json;
}

/** "license_key (required), nonce" from the body's schema. */
function bodyFields(document: Json, schema: Json | undefined): string {
  const resolved = resolve(document, schema);
  const properties = Object.keys((resolved?.properties as Json | undefined) ?? {});
  const required = new Set((resolved?.required as string[] | undefined) ?? []);
  return properties.map((name) => (required.has(name) ? `${name} (required)` : name)).join(", ");
}

function credentialsText(schemes: string[]): string {
  if (schemes.length === 0) return "no credentials";
  const names: Record<string, string> = { apiKey: "api_key", bearerToken: "token", session: "" };
  return `credentials: ${[...new Set(schemes.map((scheme) => names[scheme]).filter(Boolean))].join(" or ")}`;
}

function method(document: Json, path: string, httpMethod: string, op: OperationObject): string {
  const name = snake(op.operationId);
  const pathParams = (op.parameters ?? []).filter((p) => p.in === "path");
  const queryParams = (op.parameters ?? []).filter((p) => p.in === "query");
  const body = op.requestBody;
  const schemes = (op.security ?? []).flatMap((entry) => Object.keys(entry)).filter((scheme) => scheme !== "session");

  const args = ["self", ...pathParams.map((p) => `${pythonName(p.name)}: ${p.schema?.type === "integer" ? "int" : "str"}`)];
  if (body?.required) args.push("body: Dict[str, Any]");
  const keywordOnly: string[] = [];
  if (body && !body.required) keywordOnly.push("body: Optional[Dict[str, Any]] = None");
  for (const p of queryParams) {
    const type = p.schema?.type === "integer" ? "int" : "str";
    keywordOnly.push(p.required ? `${pythonName(p.name)}: ${type}` : `${pythonName(p.name)}: Optional[${type}] = None`);
  }
  if (keywordOnly.length > 0) args.push("*", ...keywordOnly);

  const pathExpression = pathParams.length
    ? `f${pyString(path.replace(/\{(\w+)\}/g, (_, param: string) => `{_segment(${pythonName(param)})}`))}`
    : pyString(path);
  const callArgs = [
    pyString(httpMethod.toUpperCase()),
    pathExpression,
    `auth=(${schemes.map(pyString).join(", ")}${schemes.length === 1 ? "," : ""})`,
  ];
  if (queryParams.length)
    callArgs.push(`query={${queryParams.map((p) => `${pyString(p.name)}: ${pythonName(p.name)}`).join(", ")}}`);
  if (body) callArgs.push("body=body");

  const doc = [op.summary ?? op.operationId, "", `${httpMethod.toUpperCase()} ${path} · ${credentialsText(schemes)}`];
  const fields = body ? bodyFields(document, body.content?.["application/json"]?.schema) : "";
  if (fields) doc.push(`body: {${fields}}`);
  const docstring = doc.map((line, i) => (i === 0 ? line : line ? `        ${line}` : "")).join("\n");
  return [
    `    def ${name}(${args.join(", ")}) -> Any:`,
    `        """${docstring.replaceAll("\\", "\\\\").replaceAll('"""', '\\"\\"\\"')}\n        """`,
    `        return self._call(${callArgs.join(", ")})`,
  ].join("\n");
}

/** sdk/python/scrapedeck/_operations.py. */
export function pythonOperations(document: Json): string {
  const methods: string[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, OperationObject>>)) {
    for (const [httpMethod, op] of Object.entries(item)) {
      if (isForClients(path, httpMethod, op)) methods.push(method(document, path, httpMethod, op));
    }
  }
  return `# Generated by npm run sdk:generate from GET /api/openapi.json (scripts/sdk/python.ts): do not edit.
"""Every operation of the ScrapeDeck API as a method: path parameters first, the JSON body as a dict, query
parameters by keyword. Each returns the parsed JSON answer (None for an empty one) or raises ScrapeDeckError."""

from typing import Any, Dict, Optional, Tuple
from urllib.parse import quote

API_VERSION = ${pyString(String((document.info as Json).version))}


def _segment(value: Any) -> str:
    return quote(str(value), safe="")


class Operations:
    """The generated methods; ScrapeDeck (client.py) supplies _call."""

    def _call(
        self,
        method: str,
        path: str,
        *,
        auth: Tuple[str, ...],
        query: Optional[Dict[str, Any]] = None,
        body: Optional[Dict[str, Any]] = None,
    ) -> Any:
        raise NotImplementedError

${methods.join("\n\n")}
`;
}
