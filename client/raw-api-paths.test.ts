import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseAst } from "rolldown/parseAst";
import { describe, expect, it } from "vitest";

// Browser code calls the API only through the typed client (client): a path is a registry template handed to
// useApi, useApiMutation, callApi, readApi or apiPath, or a type argument of the contract's types, so a path the API
// does not serve does not compile. A raw "/api/..." string anywhere else in the browser's modules fails this test.

const ROOT = path.resolve(import.meta.dirname, "..");
const TYPED_CLIENT = path.join(ROOT, "client");
/** The typed client's entry points: a path given to one of them is checked against the registry. */
const TYPED_CALLS = new Set(["useApi", "useApiMutation", "callApi", "readApi", "apiPath"]);
const API_PATH = /^\/api(?:[/?]|$)/;

// The ESTree (oxc) AST, read loosely: a node is an object with a `type`.
interface Node {
  type: string;
  start: number;
  [key: string]: unknown;
}
const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";
/** Children of a node, leaving out type annotations and declarations: the compiler checks those against the registry. */
const TYPE_KEYS = new Set(["typeAnnotation", "typeArguments", "typeParameters", "returnType"]);
const TYPE_DECLARATIONS = new Set(["TSTypeAliasDeclaration", "TSInterfaceDeclaration"]);
function children(node: Node): Node[] {
  return Object.entries(node)
    .filter(([key]) => !TYPE_KEYS.has(key))
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
    .filter(isNode)
    .filter((child) => !TYPE_DECLARATIONS.has(child.type));
}

const parse = (fileName: string, source: string) =>
  parseAst(source, { lang: fileName.endsWith(".tsx") ? "tsx" : "ts" }, fileName) as unknown as Node;

/** Every "/api…" string in the source that is not a typed-client argument, as `line: text`. */
function rawApiPaths(fileName: string, source: string): string[] {
  const found: string[] = [];
  const isTypedArgument = (node: Node, parent: Node | undefined): boolean => {
    if (parent?.type !== "CallExpression" || !(parent.arguments as Node[]).includes(node)) return false;
    const callee = parent.callee as Node;
    const name = callee.type === "MemberExpression" ? (callee.property as Node).name : callee.name;
    return typeof name === "string" && TYPED_CALLS.has(name);
  };
  const visit = (node: Node, parent?: Node) => {
    if (node.type === "ImportDeclaration" || node.type === "ExportAllDeclaration") return;
    const text =
      node.type === "Literal" && typeof node.value === "string"
        ? node.value
        : node.type === "TemplateLiteral"
          ? ((node.quasis as Array<{ value: { cooked: string } }>)[0]?.value.cooked ?? "")
          : undefined;
    if (text !== undefined && API_PATH.test(text) && !isTypedArgument(node, parent)) {
      const line = source.slice(0, node.start).split("\n").length;
      found.push(`${line}: ${source.slice(node.start, node.end as number)}`);
    }
    for (const child of children(node)) visit(child, node);
  };
  visit(parse(fileName, source));
  return found;
}

/** The project modules a file loads at run time (type-only imports are erased and load nothing). */
function runtimeImports(fileName: string, source: string): string[] {
  const specifiers: string[] = [];
  const visit = (node: Node) => {
    const from = (node.source as Node | null | undefined)?.value;
    if (typeof from === "string") {
      const specifiersOf = (node.specifiers as Node[] | undefined) ?? [];
      const typeOnly =
        node.importKind === "type" ||
        node.exportKind === "type" ||
        (node.type === "ImportDeclaration" &&
          specifiersOf.length > 0 &&
          specifiersOf.every((specifier) => specifier.importKind === "type"));
      if (!typeOnly) specifiers.push(from);
    }
    for (const child of children(node)) visit(child);
  };
  visit(parse(fileName, source));
  return specifiers.flatMap((specifier) => {
    const base = specifier.startsWith("@/")
      ? path.join(ROOT, specifier.slice(2))
      : specifier.startsWith(".")
        ? path.resolve(path.dirname(fileName), specifier)
        : undefined;
    if (!base) return [];
    const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
    const resolved = candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
    return resolved ? [resolved] : [];
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every module of the browser's bundles: the client components of components/ and app/, and all they import. */
function browserModules(): string[] {
  const isClient = (file: string) => /^\s*(?:\/\/[^\n]*\n\s*)*["']use client["']/.test(readFileSync(file, "utf8"));
  const pending = [...sourceFiles(path.join(ROOT, "components")), ...sourceFiles(path.join(ROOT, "app"))].filter(isClient);
  const seen = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file) || file.startsWith(TYPED_CLIENT + path.sep)) continue;
    seen.add(file);
    pending.push(...runtimeImports(file, readFileSync(file, "utf8")));
  }
  return [...seen];
}

describe("API paths in browser code", () => {
  it("tells a raw path from a typed call", () => {
    const source = [
      'const a = useApi("/api/keys");',
      'const b = useApiMutation("DELETE", "/api/keys/{id}", notices);',
      'type User = ApiAnswer<"GET", "/api/auth/me">;',
      'await fetch("/api/auth/logout", { method: "POST" });',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text holding a template literal
      "const key = `/api/licenses/${id}`;",
      'const list = ["/api/licenses"];',
    ].join("\n");
    expect(rawApiPaths("sample.ts", source)).toEqual([
      '4: "/api/auth/logout"',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the template literal as the source spells it
      "5: `/api/licenses/${id}`",
      '6: "/api/licenses"',
    ]);
  });

  it("finds the auth components among the browser's modules", () => {
    const modules = browserModules().map((file) => path.relative(ROOT, file));
    expect(modules).toEqual(
      expect.arrayContaining([
        "components/auth/register-form.tsx",
        "components/auth/use-auth.ts",
        "components/auth/use-logout.ts",
        "components/auth/sign-in.ts",
      ]),
    );
  });

  it("has no raw /api path outside the typed client", () => {
    const raw = browserModules().flatMap((file) =>
      rawApiPaths(file, readFileSync(file, "utf8")).map((hit) => `${path.relative(ROOT, file)}:${hit}`),
    );
    expect(raw).toEqual([]);
  });
});
