// Marks the framework's root chunks for eager compilation (V8's explicit compile hints, Chrome 136+): a script
// whose first line is `//# allFunctionsCalledOnLoad` has every function compiled while the script streams in, on a
// background thread, instead of lazily on the main thread at its first call. Next's and React's root chunks run on
// every page load (router, React DOM, hydration), and their lazy compilation was the bulk of the framework's one
// long start-up task (docs/decisions.md#main-thread-work-on-public-pages). Runs after every build (`npm run build`'s
// postbuild, `npm start`); idempotent. Browsers without the feature read a comment.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** Prefixes the build's root main chunks with the compile hint; returns the files changed. */
export function addCompileHints(distDir: string): string[] {
  const manifestFile = path.join(distDir, "build-manifest.json");
  if (!existsSync(manifestFile)) return [];
  const { rootMainFiles = [] } = JSON.parse(readFileSync(manifestFile, "utf8")) as { rootMainFiles?: string[] };
  const changed: string[] = [];
  for (const file of rootMainFiles) {
    const full = path.join(distDir, file);
    if (!file.endsWith(".js") || !existsSync(full)) continue;
    const source = readFileSync(full, "utf8");
    if (source.startsWith(COMPILE_HINT)) continue;
    writeFileSync(full, COMPILE_HINT + source);
    changed.push(file);
  }
  return changed;
}

if (import.meta.filename === process.argv[1]) {
  const changed = addCompileHints(path.resolve(import.meta.dirname, "..", ".next"));
  console.log(`Compile hints: ${changed.length} root chunk(s) marked for eager compilation.`);
}
