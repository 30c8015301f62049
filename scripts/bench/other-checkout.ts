// Another engine to benchmark against, in this process: a checkout directory as it is, or a git ref checked
// out into a temporary worktree (with this checkout's packages). Used by bench:extract and bench:extract-page.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";

export interface OtherCheckout {
  dir: string;
  /** Imports one of its modules by its path in the checkout ("lib/scrapers/engine.ts"). */
  load(modulePath: string): Promise<unknown>;
  /** Removes the temporary worktree, if one was made. */
  cleanup(): void;
}

export async function otherCheckout(spec: string): Promise<OtherCheckout> {
  let dir = path.resolve(spec);
  let cleanup = () => {};
  if (!existsSync(path.join(dir, "lib/scrapers/engine.ts"))) {
    dir = mkdtempSync(path.join(tmpdir(), "bench-extract-"));
    execFileSync("git", ["worktree", "add", "--detach", dir, spec], { stdio: "ignore" });
    // The ref's code runs with this checkout's packages.
    symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"), "dir");
    cleanup = () => {
      execFileSync("git", ["worktree", "remove", "--force", dir], { stdio: "ignore" });
      rmSync(dir, { recursive: true, force: true });
    };
  }
  // Imported with the checkout's own tsconfig: its "@/…" imports must resolve inside it, not in this checkout
  // (a plain import() resolves them with this process's tsconfig, silently mixing the two engines).
  const tsconfig = path.join(dir, "tsconfig.json");
  return {
    dir,
    load: (modulePath) => tsImport(pathToFileURL(path.join(dir, modulePath)).href, { parentURL: import.meta.url, tsconfig }),
    cleanup,
  };
}
