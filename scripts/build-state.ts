// Whether the production build in .next was made from the sources as they are now: npm start builds again when not,
// and so does the chaos run before it starts web instances on it.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.mjs",
  "postcss.config.mjs",
  "package-lock.json",
  "tsconfig.json",
];
const STAMP_FILE = path.join(ROOT, ".next", "scrapedeck-source-hash");

function hashSources(): string {
  const hash = createHash("sha256");
  const visit = (entry: string) => {
    const file = path.join(ROOT, entry);
    if (!existsSync(file) || entry === path.join("lib", "generated")) return;
    if (statSync(file).isDirectory()) {
      for (const child of readdirSync(file).sort()) visit(path.join(entry, child));
    } else {
      hash.update(entry).update(readFileSync(file));
    }
  };
  for (const source of SOURCES) visit(source);
  return hash.digest("hex");
}

/** The sources' hash, and whether .next holds a build of exactly them. */
export function buildState(): { isCurrent: boolean; sourceHash: string } {
  const sourceHash = hashSources();
  const isCurrent =
    existsSync(path.join(ROOT, ".next", "BUILD_ID")) && existsSync(STAMP_FILE) && readFileSync(STAMP_FILE, "utf8") === sourceHash;
  return { isCurrent, sourceHash };
}

/** Notes that .next now holds a build of the sources with this hash. */
export function recordBuild(sourceHash: string): void {
  writeFileSync(STAMP_FILE, sourceHash);
}
