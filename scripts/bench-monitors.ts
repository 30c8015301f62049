// npm run bench:monitors — the job engine's schedules under a burst: N schedules all due in the same minute (one
// daily cron for that very minute), worked by 2 "web instance" processes each running the scheduler (BullMQ's job
// schedulers with Redis, the in-process scheduler without). Counts every tick (each must fire exactly once),
// measures each tick's lateness (its processor's start minus its due time: min, p50, p95, p99, max) and each instance's
// CPU while the schedules wait (from /proc, the whole process). The jobs are no-op counters.
// Runs PostgreSQL + Redis at --redis-schedules (10000), then SQLite + in-process at --sqlite-schedules (1000).
// Options: --engines redis,sqlite, --instances 2, --concurrency 50 (ticks per instance at once), --idle-seconds 15,
// --running-marks (take each tick's running mark, as schedules other than monitors' do; monitors' worker takes none,
// its check lease in the database decides overlap, so by default neither does the bench),
// --upsert-seconds (time allowed for creating the schedules; 20 ms per schedule by default, at least 30 s).
// Environment: BENCH_POSTGRES_URL (postgresql://postgres@127.0.0.1:5432/test; a fresh schema, dropped after),
// BENCH_REDIS_URL (redis://127.0.0.1:6379/6; keys under a fresh QUEUE_PREFIX, deleted after), BENCH_PROFILE_DIR
// (a CPU profile of each instance, for npm run bench:profile).
import "./load-env";
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { dropPostgresSchema, freshDatabaseUrl } from "@/test/support/database";
import { deleteRedisKeys, option } from "./bench/support";

const QUEUE = "bench-monitors";
const SELF = path.resolve(import.meta.dirname, "bench-monitors.ts");

/** An instance's answers start with "@ ", so that whatever else it prints (a warning) is not taken for one. */
const ANSWER = "@ ";
const say = (answer: string) => console.log(`${ANSWER}${answer}`);

// ─── One web instance ────────────────────────────────────────────────────────────────────────────────────────

/**
 * Works the bench queue's ticks with the engine its environment selects, counting them. Commands on stdin, one per
 * line: `upsert <from> <to> <cron>` (schedules s<from>…s<to − 1>), `report`, `exit`; each answered on stdout.
 */
async function runInstance() {
  const { startScheduleWorker, upsertSchedule } = await import("@/lib/infra/jobs/schedules");
  const concurrency = Number(process.argv[3] ?? 50);
  const runningMarks = process.argv[4] === "marks";
  const fired: string[] = [];
  const lateness: number[] = [];
  let skipped = 0;
  const worker = startScheduleWorker<{ n: number }>(
    QUEUE,
    {
      async run(tick) {
        lateness.push(Date.now() - tick.dueAt.getTime());
        fired.push(`${tick.scheduleId}@${tick.dueAt.getTime()}`);
      },
      async skipped() {
        skipped++;
      },
    },
    { concurrency, runningMarks },
  );
  say("instance ready");
  for await (const line of createInterface({ input: process.stdin })) {
    const [command, ...args] = line.split(" ");
    if (command === "upsert") {
      const [from, to] = [Number(args[0]), Number(args[1])];
      const cron = args.slice(2).join(" ");
      let next = from;
      // A few at a time, as API requests would arrive.
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (next < to) {
            const n = next++;
            await upsertSchedule(QUEUE, `s${n}`, { cron, tz: "UTC" }, { n });
          }
        }),
      );
      say("upserted");
    } else if (command === "report") {
      say(JSON.stringify({ fired, lateness, skipped }));
    } else if (command === "exit") {
      break;
    }
  }
  await worker.close();
  process.exit(0);
}

// ─── The run ─────────────────────────────────────────────────────────────────────────────────────────────────

interface Instance {
  child: ChildProcess;
  send(line: string): Promise<string>;
}

async function startInstance(env: Record<string, string>, concurrency: number): Promise<Instance> {
  // BENCH_PROFILE_DIR: each instance writes a CPU profile there (npm run bench:profile reads it).
  const profile = process.env.BENCH_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const args = [...profile, "--import", "tsx", "--conditions=react-server", SELF, "--instance", String(concurrency)];
  // Each instance works its ticks the way monitors' worker does, without running marks, unless --running-marks.
  if (process.argv.includes("--running-marks")) args.push("marks");
  const child = spawn(process.execPath, args, {
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    for (;;) {
      const { value, done } = await lines.next();
      if (done) throw new Error("an instance exited");
      if ((value as string).startsWith(ANSWER)) return (value as string).slice(ANSWER.length);
      console.log(`  instance ${child.pid}: ${value}`);
    }
  };
  if ((await next()) !== "instance ready") throw new Error("an instance did not start");
  return {
    child,
    async send(line) {
      child.stdin?.write(`${line}\n`);
      return next();
    },
  };
}

/** CPU seconds (user + system) the process has used, from /proc (clock ticks of 10 ms). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

interface Result {
  engine: string;
  schedules: number;
  fired: number;
  distinct: number;
  missing: number;
  skipped: number;
  lateness: { min: number; p50: number; p95: number; p99: number; max: number };
  idleCpu: number[];
  /** CPU the instances spent per tick during the burst (ms; the queue engine's share included, Redis's not). */
  cpuPerTickMs: number;
  firedBy: number[];
  load: string;
}

async function runEngine(engine: "redis" | "sqlite", schedules: number): Promise<Result> {
  const instances = Number(option("instances", "2"));
  const concurrency = Number(option("concurrency", "50"));
  const idleSeconds = Number(option("idle-seconds", "15"));
  const databaseUrl =
    engine === "redis"
      ? freshDatabaseUrl(process.env.BENCH_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/test")
      : freshDatabaseUrl("file:");
  const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/6";
  const queuePrefix = `bench-monitors-${Date.now()}-${randomBytes(3).toString("hex")}`;
  const { prepareDatabase } = await import("@/server/prepare-database");
  await prepareDatabase(databaseUrl);
  const env: Record<string, string> = { DATABASE_URL: databaseUrl, QUEUE_PREFIX: queuePrefix };
  if (engine === "redis") env.REDIS_URL = redisUrl;
  const started = await Promise.all(Array.from({ length: instances }, () => startInstance(env, concurrency)));
  try {
    // The minute all of them fall due in: far enough ahead for the upserts (through the API, a few at a time per
    // instance: 3 to 20 ms each on a loaded 2-core machine) and the idle measurement.
    const upsertAllowanceMs = Number(option("upsert-seconds", "0")) * 1000 || Math.max(30_000, schedules * 20);
    const dueAt = Math.ceil((Date.now() + upsertAllowanceMs + idleSeconds * 1000 + 5000) / 60_000) * 60_000;
    const due = new Date(dueAt);
    const cron = `${due.getUTCMinutes()} ${due.getUTCHours()} * * *`;
    console.log(`${engine}: ${schedules} schedules "${cron}" UTC (due ${due.toISOString()}), ${instances} instances`);
    const upsertStart = Date.now();
    const share = Math.ceil(schedules / instances);
    await Promise.all(
      started.map((instance, i) => instance.send(`upsert ${i * share} ${Math.min(schedules, (i + 1) * share)} ${cron}`)),
    );
    console.log(`  upserted in ${((Date.now() - upsertStart) / 1000).toFixed(1)} s`);
    if (Date.now() + idleSeconds * 1000 > dueAt - 2000) throw new Error("the upserts took too long: raise the allowance");
    // Idle: every schedule waits for its minute. Measured just before it.
    await sleep(Math.max(1000, dueAt - 2000 - idleSeconds * 1000 - Date.now()));
    const before = started.map(({ child }) => cpuSeconds(child.pid as number));
    const idleStart = performance.now();
    await sleep(idleSeconds * 1000);
    const idleElapsed = (performance.now() - idleStart) / 1000;
    const idleCpu = started.map(({ child }, i) => (cpuSeconds(child.pid as number) - (before[i] as number)) / idleElapsed);
    const loadAtBurst = load();
    // The burst, then a margin for stragglers (a tick fired twice would show up in it too).
    await sleep(Math.max(0, dueAt - Date.now()));
    const burstCpuBefore = started.map(({ child }) => cpuSeconds(child.pid as number));
    const deadline = Date.now() + 60_000;
    let reports: { fired: string[]; lateness: number[]; skipped: number }[] = [];
    for (;;) {
      reports = await Promise.all(started.map(async (instance) => JSON.parse(await instance.send("report"))));
      const count = reports.reduce((sum, report) => sum + report.fired.length, 0);
      if (count >= schedules || Date.now() > deadline) break;
      await sleep(500);
    }
    const burstCpu = started.reduce(
      (sum, { child }, i) => sum + cpuSeconds(child.pid as number) - (burstCpuBefore[i] as number),
      0,
    );
    await sleep(3000);
    reports = await Promise.all(started.map(async (instance) => JSON.parse(await instance.send("report"))));
    const fired = reports.flatMap((report) => report.fired);
    const distinct = new Set(fired);
    const expected = Array.from({ length: schedules }, (_, n) => `s${n}@${dueAt}`);
    const lateness = reports.flatMap((report) => report.lateness).sort((a, b) => a - b);
    return {
      engine: engine === "redis" ? "PostgreSQL + Redis (BullMQ)" : "SQLite (in-process)",
      schedules,
      fired: fired.length,
      distinct: distinct.size,
      missing: expected.filter((tick) => !distinct.has(tick)).length,
      skipped: reports.reduce((sum, report) => sum + report.skipped, 0),
      lateness: {
        min: lateness[0] ?? NaN,
        p50: percentile(lateness, 50),
        p95: percentile(lateness, 95),
        p99: percentile(lateness, 99),
        max: lateness.at(-1) ?? NaN,
      },
      idleCpu,
      cpuPerTickMs: (burstCpu * 1000) / Math.max(1, fired.length),
      firedBy: reports.map((report) => report.fired.length),
      load: loadAtBurst,
    };
  } finally {
    await Promise.all(
      started.map(async (instance) => {
        const exited = new Promise((resolve) => instance.child.once("exit", resolve));
        instance.child.stdin?.end("exit\n");
        await Promise.race([exited, sleep(10_000).then(() => instance.child.kill("SIGKILL"))]);
      }),
    );
    await dropPostgresSchema(databaseUrl);
    if (engine === "redis") await deleteRedisKeys(redisUrl, queuePrefix);
  }
}

async function orchestrate() {
  const engines = option("engines", "redis,sqlite").split(",") as ("redis" | "sqlite")[];
  const counts = { redis: Number(option("redis-schedules", "10000")), sqlite: Number(option("sqlite-schedules", "1000")) };
  console.log(`load average at start: ${load()}`);
  const results: Result[] = [];
  for (const engine of engines) results.push(await runEngine(engine, counts[engine]));
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(
    `\nSchedules due in the same minute, worked by each instance's scheduler (${process.argv.includes("--running-marks") ? "with" : "without"} running marks)`,
  );
  for (const r of results) {
    const once = r.fired === r.schedules && r.distinct === r.schedules && r.missing === 0;
    console.log(`\n${r.engine} · ${r.schedules} schedules · ${r.idleCpu.length} instances · load average ${r.load}`);
    console.log(
      `  ticks: ${r.fired} fired, ${r.distinct} distinct, ${r.missing} missing, ${r.skipped} skipped → ${once ? "every tick exactly once" : "NOT exactly once"} (per instance: ${r.firedBy.join(" + ")})`,
    );
    console.log(
      `  lateness: min ${ms(r.lateness.min)}, p50 ${ms(r.lateness.p50)}, p95 ${ms(r.lateness.p95)}, p99 ${ms(r.lateness.p99)}, max ${ms(r.lateness.max)}`,
    );
    console.log(`  CPU while idle: ${r.idleCpu.map((cpu) => `${(cpu * 100).toFixed(2)}%`).join(", ")} of a core`);
    console.log(`  CPU per tick during the burst: ${r.cpuPerTickMs.toFixed(2)} ms (the instances, all threads)`);
  }
  console.log(`\nload average at the end: ${load()}`);
  process.exit(0);
}

// Last, once every constant above is initialised.
if (process.argv[2] === "--instance") await runInstance();
else await orchestrate();
