// bench:render's observer, in a process of its own so that watching costs the measured process nothing: it asks the
// measured process's health endpoint every 10 ms (one request at a time) and samples the memory of the browsers it is
// told about (each browser's whole process tree, from /proc). The bench tells it which phase runs; at the end it
// answers the latency percentiles and peak memory per phase.
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { processTree } from "@/test/support/processes";

interface Command {
  phase?: string;
  healthUrl?: string;
  /** Browser process ids to watch in this phase. */
  browsers?: number[];
  done?: boolean;
}

interface PhaseSamples {
  latencies: number[];
  errors: number;
  /** Per browser root pid: the most resident (RSS) and proportional (PSS) memory of its tree, bytes. */
  peak: Map<number, { rss: number; pss: number }>;
}

const phases = new Map<string, PhaseSamples>();
let phase = "";
let healthUrl = "";
let browsers: number[] = [];
let running = true;
// A bench that crashed leaves no prober behind: its IPC channel closes with it.
process.on("disconnect", () => process.exit(0));

const samples = (name: string): PhaseSamples => {
  let entry = phases.get(name);
  if (!entry) {
    entry = { latencies: [], errors: 0, peak: new Map() };
    phases.set(name, entry);
  }
  return entry;
};

process.on("message", (command: Command) => {
  if (command.healthUrl) healthUrl = command.healthUrl;
  if (command.phase !== undefined) phase = command.phase;
  if (command.browsers) browsers = command.browsers;
  if (command.done) {
    running = false;
    const report = Object.fromEntries(
      [...phases].map(([name, { latencies, errors, peak }]) => [
        name,
        { ...percentiles(latencies), requests: latencies.length, errors, peak: [...peak.values()] },
      ]),
    );
    process.send?.(report, undefined, {}, () => process.exit(0));
  }
});

async function probeHealth(): Promise<void> {
  while (running) {
    if (phase && healthUrl) {
      const started = performance.now();
      try {
        const response = await fetch(healthUrl);
        await response.arrayBuffer();
        samples(phase).latencies.push(performance.now() - started);
      } catch {
        samples(phase).errors++;
      }
    }
    await sleep(10);
  }
}

async function sampleMemory(): Promise<void> {
  while (running) {
    if (phase && browsers.length > 0) {
      for (const root of browsers) {
        let rss = 0;
        let pss = 0;
        for (const pid of processTree(root)) {
          const memory = memoryOf(pid);
          rss += memory.rss;
          pss += memory.pss;
        }
        const peak = samples(phase).peak.get(root) ?? { rss: 0, pss: 0 };
        samples(phase).peak.set(root, { rss: Math.max(peak.rss, rss), pss: Math.max(peak.pss, pss) });
      }
    }
    await sleep(250);
  }
}

function memoryOf(pid: number): { rss: number; pss: number } {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "latin1");
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(rollup)?.[1] ?? 0) * 1024;
    return { rss: field("Rss"), pss: field("Pss") };
  } catch {
    return { rss: 0, pss: 0 };
  }
}

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

void probeHealth();
void sampleMemory();
