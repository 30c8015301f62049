// The app's processes under chaos: web instances (scripts/serve.ts, the edge in front of the built Next app) and
// worker processes (scripts/worker.ts), each started, killed, stopped gracefully, paused and started again by the
// fault schedule. Output goes to a log file per process (appended across restarts).
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, type WriteStream } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { faketimeEnv } from "@/test/support/faketime";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");

export interface AppProcess {
  name: string;
  kind: "web" | "worker";
  /** Web instances: http://127.0.0.1:<port>. */
  origin?: string;
  log: string;
  isUp(): boolean;
  /** Starts it (again) and waits until it serves (web: /api/health answers) or works (worker: its start line). */
  start(options?: { clockOffset?: string }): Promise<void>;
  /** Sends a signal; resolves when the process has exited (SIGKILL, SIGTERM) or at once (SIGSTOP, SIGCONT). */
  signal(signal: "SIGKILL" | "SIGTERM" | "SIGSTOP" | "SIGCONT"): Promise<void>;
  pid(): number | undefined;
}

export function appProcess(options: {
  name: string;
  kind: "web" | "worker";
  port?: number;
  env: Record<string, string>;
  logDir: string;
}): AppProcess {
  const { name, kind, port } = options;
  const script = kind === "web" ? "scripts/serve.ts" : "scripts/worker.ts";
  const log = path.join(options.logDir, `${name}.log`);
  let out: WriteStream | null = null;
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  const origin = port ? `http://127.0.0.1:${port}` : undefined;

  const up = () => child !== null && child.exitCode === null && child.signalCode === null;

  async function waitUntilServing(started: ChildProcess, output: () => string): Promise<void> {
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      if (started.exitCode !== null || started.signalCode !== null) throw new Error(`${name} exited while starting; see ${log}`);
      if (kind === "worker") {
        if (output().includes("Run worker")) return;
      } else {
        try {
          if ((await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2000) })).status === 200) return;
        } catch {
          // not listening yet
        }
      }
      await sleep(200);
    }
    throw new Error(`${name} did not start within 3 minutes; see ${log}`);
  }

  return {
    name,
    kind,
    origin,
    log,
    isUp: up,
    pid: () => child?.pid,
    async start(startOptions = {}) {
      // As an orchestrator's restart policy: a process that exits while starting (its database is restarting, say)
      // is started again, for up to a minute.
      for (let tries = 1; ; tries++) {
        try {
          await startOnce(startOptions);
          return;
        } catch (error) {
          if (tries >= 30) throw error;
          await sleep(2000);
        }
      }
    },
    async signal(signal) {
      const running = child;
      if (!running?.pid || !up()) return;
      running.kill(signal);
      if (signal === "SIGKILL" || signal === "SIGTERM") await exited;
    },
  };

  async function startOnce({ clockOffset }: { clockOffset?: string }): Promise<void> {
    if (up()) return;
    out ??= createWriteStream(log, { flags: "a" });
    out.write(`\n=== ${new Date().toISOString()} start${clockOffset ? ` (clock ${clockOffset})` : ""}\n`);
    // With Debian's libfaketime preloaded, Date and every timestamp the process writes are off by the offset, as on a
    // machine whose clock drifted (set on the process itself: the faketime wrapper would fork, and a signal to it
    // would leave the real process running).
    const started = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", script], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...options.env,
        ...(port ? { PORT: String(port) } : {}),
        ...(clockOffset ? faketimeEnv(clockOffset) : {}),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = started;
    let output = "";
    const onData = (chunk: Buffer) => {
      if (output.length < 10_000) output += chunk.toString();
      out?.write(chunk);
    };
    started.stdout?.on("data", onData);
    started.stderr?.on("data", onData);
    exited = new Promise((resolve) => started.once("exit", () => resolve()));
    await waitUntilServing(started, () => output);
  }
}
