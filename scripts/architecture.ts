// The repository's layers and what may import what (README "Layout", docs/architecture.md#layout), checked from the
// source: `npm run check:architecture` (part of `npm run lint`) fails on any import cycle between modules or between
// lib/ folders, and on any import a layer may not make.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseAst } from "rolldown/parseAst";

/** Where a file sits: a top-level folder, or lib's infrastructure (lib/infra, and the generated Prisma clients), its
 * route kit and API assembly (lib/http, lib/api) or a feature folder (every other lib/<name>). */
export type Layer =
  | "app"
  | "components"
  | "client"
  | "server"
  | "scripts"
  | "test"
  | "e2e"
  | "root"
  | "infra"
  | "kit"
  | "feature";

export interface Unit {
  layer: Layer;
  /** lib/<name>, lib/infra/<name>, or the top-level folder. */
  name: string;
}

/** The unit a repository path belongs to. */
export function unitOf(file: string): Unit {
  const parts = file.split("/");
  const [top, second] = parts;
  if (top !== "lib") {
    const layer = (["app", "components", "client", "server", "scripts", "test", "e2e"] as const).find((name) => name === top);
    return { layer: layer ?? "root", name: layer ?? "root" };
  }
  // Infrastructure is one unit for the folder-cycle check: its parts may use each other (the env reads the database
  // URL's form, the database reads the env); what it may never do is reach a feature, which the layers check.
  if (second === "infra" || second === "generated") return { layer: "infra", name: "lib/infra" };
  if (second === "http" || second === "api") return { layer: "kit", name: `lib/${second}` };
  return { layer: "feature", name: `lib/${(second ?? "").replace(/\.tsx?$/, "")}` };
}

/** What each layer may import (besides itself and npm packages). Tests import what they test: they are not checked. */
const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  infra: ["infra"],
  feature: ["infra", "feature"],
  kit: ["infra", "feature", "kit"],
  server: ["infra", "feature", "kit", "server"],
  app: ["infra", "feature", "kit", "app", "components", "client"],
  components: ["infra", "feature", "kit", "components", "client"],
  client: ["infra", "feature", "kit", "client"],
  scripts: ["infra", "feature", "kit", "server", "scripts", "test", "app", "components", "client", "root"],
  test: ["infra", "feature", "kit", "server", "test", "app", "components", "client", "root", "scripts"],
  e2e: ["infra", "feature", "kit", "server", "test", "e2e", "app", "components", "client", "root", "scripts"],
  // Configuration files (vitest.config.ts, playwright.config.ts) set up the tests.
  root: ["infra", "feature", "kit", "server", "app", "components", "client", "root", "test"],
};

export interface Edge {
  from: string;
  to: string;
}

export interface Violation {
  rule: "layer" | "module cycle" | "folder cycle";
  detail: string;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith("test/") || file.startsWith("e2e/");

/** Strongly connected components with more than one member (Tarjan's algorithm, iterative). */
export function cycles(nodes: readonly string[], next: (node: string) => readonly string[]): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  for (const root of nodes) {
    if (order.has(root)) continue;
    const work: Array<{ node: string; children: readonly string[]; at: number }> = [];
    const enter = (node: string) => {
      order.set(node, index);
      low.set(node, index);
      index++;
      stack.push(node);
      onStack.add(node);
      work.push({ node, children: next(node), at: 0 });
    };
    enter(root);
    while (work.length > 0) {
      const frame = work[work.length - 1] as (typeof work)[number];
      if (frame.at < frame.children.length) {
        const child = frame.children[frame.at++] as string;
        if (!order.has(child)) enter(child);
        else if (onStack.has(child)) low.set(frame.node, Math.min(low.get(frame.node) as number, order.get(child) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) === order.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) found.push(component.sort());
      }
    }
  }
  return found;
}

/** Every rule broken by these imports between repository files. */
export function checkImports(edges: readonly Edge[]): Violation[] {
  const violations: Violation[] = [];
  const production = edges.filter((edge) => !isTest(edge.from));
  for (const { from, to } of production) {
    const [source, target] = [unitOf(from), unitOf(to)];
    if (source.name !== target.name && !MAY_IMPORT[source.layer].includes(target.layer)) {
      violations.push({ rule: "layer", detail: `${from} (${source.layer}) imports ${to} (${target.layer})` });
    }
  }
  const byModule = new Map<string, string[]>();
  const byFolder = new Map<string, Set<string>>();
  for (const { from, to } of production) {
    byModule.set(from, [...(byModule.get(from) ?? []), to]);
    const [source, target] = [unitOf(from).name, unitOf(to).name];
    if (source.startsWith("lib/") && target.startsWith("lib/") && source !== target) {
      byFolder.set(source, (byFolder.get(source) ?? new Set()).add(target));
    }
  }
  for (const component of cycles([...byModule.keys()], (node) => byModule.get(node) ?? [])) {
    violations.push({ rule: "module cycle", detail: component.join(" ↔ ") });
  }
  for (const component of cycles([...byFolder.keys()], (node) => [...(byFolder.get(node) ?? [])])) {
    const links = component.flatMap((source) =>
      production
        .filter(
          (edge) =>
            unitOf(edge.from).name === source && component.includes(unitOf(edge.to).name) && unitOf(edge.to).name !== source,
        )
        .map((edge) => `${edge.from} → ${edge.to}`),
    );
    violations.push({ rule: "folder cycle", detail: `${component.join(" ↔ ")}: ${links.join(", ")}` });
  }
  return violations;
}

// ─── Reading the repository ───────────────────────────────────────────────────────────────────────────────────

const ROOT = path.resolve(import.meta.dirname, "..");
const SKIPPED = new Set(["node_modules", ".next", "dist", "data", "generated", ".git", "public", "prisma", "sdk"]);

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (SKIPPED.has(entry) || entry.startsWith(".")) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) files.push(...sourceFiles(full));
    else if (/\.(ts|tsx|mts)$/.test(entry) && !entry.endsWith(".d.ts")) files.push(path.relative(ROOT, full));
  }
  return files;
}

type Node = { type?: string; [key: string]: unknown };

/** Every module specifier a file imports or re-exports, static or dynamic (type-only ones too). */
function specifiers(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), "utf8");
  const ast = parseAst(source, { lang: file.endsWith(".tsx") ? "tsx" : "ts" }, file) as unknown as Node;
  const found: string[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    const current = node as Node;
    const from = current.source as { value?: unknown } | undefined;
    if (
      (current.type === "ImportDeclaration" ||
        current.type === "ExportNamedDeclaration" ||
        current.type === "ExportAllDeclaration" ||
        current.type === "ImportExpression") &&
      typeof from?.value === "string"
    ) {
      found.push(from.value);
    }
    for (const [key, value] of Object.entries(current)) if (key !== "type") visit(value);
  };
  visit(ast);
  return found;
}

function resolve(from: string, specifier: string, known: ReadonlySet<string>): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith(".")) base = path.join(path.dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

export function repositoryImports(): Edge[] {
  const files = sourceFiles(ROOT);
  const known = new Set(files);
  return files.flatMap((from) =>
    specifiers(from)
      .map((specifier) => resolve(from, specifier, known))
      .filter((to): to is string => to !== null && to !== from)
      .map((to) => ({ from, to })),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const edges = repositoryImports();
  const violations = checkImports(edges);
  for (const { rule, detail } of violations) console.error(`${rule}: ${detail}`);
  if (violations.length > 0) {
    console.error(`${violations.length} architecture violation(s); the rules: README "Layout".`);
    process.exit(1);
  }
  console.log(`Architecture: ${edges.length} imports between repository modules, no cycle, every layer in its place.`);
}
