import { describe, expect, it } from "vitest";
import { checkImports, cycles, unitOf } from "./architecture";

describe("the architecture check", () => {
  it("places files in their layers", () => {
    expect(unitOf("lib/infra/jobs/queue.ts")).toEqual({ layer: "infra", name: "lib/infra" });
    expect(unitOf("lib/generated/prisma-sqlite/client.ts").layer).toBe("infra");
    expect(unitOf("lib/http/serve.ts")).toEqual({ layer: "kit", name: "lib/http" });
    expect(unitOf("lib/runs/run.ts")).toEqual({ layer: "feature", name: "lib/runs" });
    expect(unitOf("server/edge.ts").layer).toBe("server");
    expect(unitOf("app/api/health/route.ts").layer).toBe("app");
  });

  it("finds every cycle, however long, and nothing else", () => {
    const graph: Record<string, string[]> = { a: ["b"], b: ["c"], c: ["a", "d"], d: ["e"], e: [], f: ["f"] };
    expect(cycles(Object.keys(graph), (node) => graph[node] ?? [])).toEqual([["a", "b", "c"]]);
  });

  it("refuses a feature reaching the route kit, infrastructure reaching a feature and lib reaching app or server", () => {
    const violations = checkImports([
      { from: "lib/runs/run.ts", to: "lib/http/serve.ts" },
      { from: "lib/infra/jobs/queue.ts", to: "lib/runs/run.ts" },
      { from: "lib/http/serve.ts", to: "app/api/health/route.ts" },
      { from: "lib/licenses/verify.ts", to: "server/edge.ts" },
      // Allowed: downwards.
      { from: "server/edge.ts", to: "lib/http/serve.ts" },
      { from: "lib/http/serve.ts", to: "lib/runs/run.ts" },
      { from: "lib/runs/run.ts", to: "lib/infra/jobs/queue.ts" },
    ]);
    expect(violations.filter((violation) => violation.rule === "layer").map((violation) => violation.detail)).toEqual([
      "lib/runs/run.ts (feature) imports lib/http/serve.ts (kit)",
      "lib/infra/jobs/queue.ts (infra) imports lib/runs/run.ts (feature)",
      "lib/http/serve.ts (kit) imports app/api/health/route.ts (app)",
      "lib/licenses/verify.ts (feature) imports server/edge.ts (server)",
    ]);
  });

  it("refuses cycles between modules and between feature folders, naming the imports that close them", () => {
    const violations = checkImports([
      { from: "lib/runs/run.ts", to: "lib/runs/workers.ts" },
      { from: "lib/runs/workers.ts", to: "lib/runs/run.ts" },
      { from: "lib/accounts/login.ts", to: "lib/auth/sessions.ts" },
      { from: "lib/auth/options.ts", to: "lib/accounts/login.ts" },
    ]);
    expect(violations).toEqual([
      { rule: "module cycle", detail: "lib/runs/run.ts ↔ lib/runs/workers.ts" },
      {
        rule: "folder cycle",
        detail:
          "lib/accounts ↔ lib/auth: lib/accounts/login.ts → lib/auth/sessions.ts, lib/auth/options.ts → lib/accounts/login.ts",
      },
    ]);
  });

  it("lets tests import what they test", () => {
    expect(checkImports([{ from: "lib/infra/db/enums.test.ts", to: "lib/runs/status.ts" }])).toEqual([]);
  });
});
