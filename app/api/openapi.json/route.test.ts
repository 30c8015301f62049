import { readdirSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { NEXT_AUTH_ENDPOINTS } from "@/lib/accounts/next-auth-routes";
import { buildOpenApiDocument, successes } from "@/lib/api/document";
import { ANSWERED_OPERATIONS, type Operation, operationKey } from "@/lib/api/registry";
import { type HttpMethod, servedMethods } from "@/lib/http";
import { documentedPath, openApiDocument } from "@/test/support/contract";
import { callJson } from "@/test/support/requests";
import { GET } from "./route";

const API_DIR = path.resolve(import.meta.dirname, "..");
/** RFC 8615's documents (the signing keys), served by the route kit outside /api. */
const WELL_KNOWN_DIR = path.resolve(import.meta.dirname, "..", "..", ".well-known");
/** The catch-all that answers 404 for unknown paths: a rule the document states, not an operation. */
const UNKNOWN_PATHS = "[...path]";

/**
 * Every route file under app/api (and app/.well-known) with the path it serves, in OpenAPI form: [id] → {id},
 * [...nextauth] → {nextauth}.
 */
function routeFiles(dir = API_DIR, segments: string[] = [], base = "/api"): { file: string; path: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) {
      if (entry.name === UNKNOWN_PATHS) return [];
      return routeFiles(path.join(dir, entry.name), [...segments, entry.name], base);
    }
    // app/api/route.ts serves bare /api with the catch-all's 404: the same rule, not an operation.
    if (entry.name !== "route.ts" || segments.length === 0) return [];
    const routePath = `${base}/${segments.map((segment) => segment.replace(/^\[(?:\.\.\.)?(.+)\]$/, "{$1}")).join("/")}`;
    return [{ file: path.join(dir, entry.name), path: routePath.replace(/\/$/, "") }];
  });
}

describe("GET /api/openapi.json", () => {
  it("serves the document built from the route registry", async () => {
    const res = await callJson(GET, { path: "/api/openapi.json" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(openApiDocument)));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("documents every method of every route file under app/api and app/.well-known, and nothing that is not served", async () => {
    const served: string[] = [];
    for (const route of [...routeFiles(), ...routeFiles(WELL_KNOWN_DIR, [], "/.well-known")]) {
      const module = (await import(route.file)) as Partial<Record<HttpMethod, unknown>>;
      // next-auth's catch-all answers every method itself and serves only the methods of its endpoint table.
      const methods =
        route.path === "/api/auth/{nextauth}" ? [...new Set(Object.values(NEXT_AUTH_ENDPOINTS))] : servedMethods(module);
      for (const method of methods) served.push(`${method} ${route.path}`);
    }
    expect(served.length).toBeGreaterThan(20);
    const documented: string[] = ANSWERED_OPERATIONS.map(operationKey);
    expect(documented.filter((key) => !served.includes(key))).toEqual([]);
    expect(served.filter((key) => !documented.includes(key))).toEqual([]);
  });

  it("gives every operation an id of its own and every documented example its schema's shape", () => {
    const ids = ANSWERED_OPERATIONS.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of ANSWERED_OPERATIONS as readonly Operation[]) {
      // Every successful answer's example: the 202 of a run still going as much as the 200.
      for (const success of successes(op)) {
        if (!success.schema || success.example === undefined) continue;
        const label = `${operationKey(op)} ${success.status} response example`;
        expect(success.schema.safeParse(success.example).error, label).toBeUndefined();
      }
      if (op.body) expect(op.body.schema.safeParse(op.body.example).error, `${operationKey(op)} body example`).toBeUndefined();
    }
  });

  it("matches request paths to their templates, static segments first", () => {
    expect(documentedPath("/api/auth/me")).toBe("/api/auth/me");
    expect(documentedPath("/api/auth/session")).toBe("/api/auth/{nextauth}");
    expect(documentedPath("/api/licenses/12/content")).toBe("/api/licenses/{id}/content");
    expect(documentedPath("/api/nope/1")).toBeUndefined();
  });
});
