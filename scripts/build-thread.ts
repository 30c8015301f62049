// Bundles the extraction worker thread (lib/scrapers/extraction/thread.ts) into dist/extract-thread.cjs: plain
// CommonJS that a worker thread loads as it is, with no tsx, no path aliases and no Next bundler involved.
// Run by postinstall, prebuild, pretest:unit, the test setup and npm run dev; dist/ is not committed.
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

export const THREAD_BUNDLE = path.resolve(import.meta.dirname, "..", "dist", "extract-thread.cjs");

export async function buildExtractionThread(): Promise<void> {
  const result = await build({
    entryPoints: [path.resolve(import.meta.dirname, "..", "lib", "scrapers", "extraction", "thread.ts")],
    outfile: THREAD_BUNDLE,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    // The server build of server-only (empty), as the app's own server code gets.
    conditions: ["react-server"],
    tsconfig: path.resolve(import.meta.dirname, "..", "tsconfig.json"),
    logLevel: "warning",
    legalComments: "none",
    write: false,
  });
  // Written beside and renamed into place: several processes (a test suite, a build, a worker) may rebuild it
  // while another one's threads are loading it, and a rename is atomic where a write is not.
  const [output] = result.outputFiles;
  if (!output) throw new Error("esbuild produced no extraction thread bundle");
  const temporary = `${THREAD_BUNDLE}.${process.pid}.tmp`;
  await mkdir(path.dirname(THREAD_BUNDLE), { recursive: true });
  await writeFile(temporary, output.contents);
  await rename(temporary, THREAD_BUNDLE);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await buildExtractionThread();
  console.log(`Built ${path.relative(process.cwd(), THREAD_BUNDLE)}`);
}
