// npm run bench:profile -- <file.cpuprofile> [--top 25] [--last <seconds> | --between <from>,<to>] — where a server's CPU time went, from a V8 CPU profile
// (node --cpu-prof; npm run bench:hot passes BENCH_NODE_OPTIONS to the app it starts). Prints the functions with the
// most self time, then self time by package (node_modules/<package>, node: internals, the app's own files), which
// is what decides between trimming our code and routing around a framework. The same file opens as a flame graph
// in Chrome DevTools (Performance → Load profile) or speedscope.
import { readFileSync } from "node:fs";
import { option } from "./support";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv.slice(2).find((arg) => arg.endsWith(".cpuprofile"));
if (!file) throw new Error("usage: npm run bench:profile -- <file.cpuprofile> [--top 25] [--last <seconds>]");
const top = Number(option("top", "25"));
/** Only the samples of the last seconds before the server stopped: the load, without start-up and warm-up. */
const lastSeconds = Number(option("last", "0"));
/**
 * Only the samples between two moments, in seconds since the profile started (the server's start): one row of
 * npm run bench:hot, whose log gives each row's time. Idle time is left out of the shares then.
 */
const [fromSeconds, toSeconds] = option("between", "").split(",").map(Number);
const windowed = fromSeconds !== undefined && toSeconds !== undefined && !Number.isNaN(fromSeconds) && !Number.isNaN(toSeconds);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map<number, number>();
const span = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0);
let elapsed = 0;
profile.samples.forEach((id, i) => {
  elapsed += profile.timeDeltas[i] ?? 0;
  if (lastSeconds && elapsed < span - lastSeconds * 1e6) return;
  if (windowed && (elapsed < fromSeconds * 1e6 || elapsed > toSeconds * 1e6 || byId.get(id)?.callFrame.functionName === "(idle)"))
    return;
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...selfMicros.values()].reduce((sum, micros) => sum + micros, 0);

function packageOf(url: string): string {
  if (!url) return "(V8: idle, GC, native)";
  if (url.startsWith("node:")) return "node: internals";
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.includes("/.next/")) return ".next (the app's bundle)";
  return "app sources";
}

const frames = new Map<string, number>();
const packages = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${url.replace(/^.*node_modules\//, "").replace(/^file:\/\//, "")}:${lineNumber + 1}` : "";
  const frame = `${functionName || "(anonymous)"} ${where}`;
  frames.set(frame, (frames.get(frame) ?? 0) + micros);
  const pkg = packageOf(url);
  packages.set(pkg, (packages.get(pkg) ?? 0) + micros);
}

const share = (micros: number) => `${((micros / total) * 100).toFixed(1).padStart(5)}%`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled\n\nself time by function`);
for (const [frame, micros] of [...frames].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${share(micros)}  ${frame}`);
console.log("\nself time by package");
for (const [pkg, micros] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${share(micros)}  ${pkg}`);
