// A real `npm run worker` process for the PostgreSQL + Redis tests: same database, Redis and queue prefix as the
// test run, so it takes the runs the tests submit.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { faketimeEnv, libfaketime } from "./faketime";

const root = path.resolve(import.meta.dirname, "..", "..");

export interface WorkerProcess {
  child: ChildProcess;
  /** What it printed so far, for failure messages. */
  output(): string;
  /** Ends the worker at once, as a crash would. */
  kill(): Promise<void>;
  /** Asks it to stop (SIGTERM) and waits for it. */
  stop(): Promise<void>;
}

/**
 * `clockOffset` runs it with Debian's libfaketime (e.g. "+10m", test/support/faketime.ts): its clock, and every time
 * it computes, that far off, as on a machine whose clock drifted.
 */
export function startWorkerProcess(env: Record<string, string> = {}, options: ScriptOptions = {}): Promise<WorkerProcess> {
  return startScriptProcess("scripts/worker.ts", "Run worker", env, options);
}

/** Whether Debian's faketime is installed (the clock-skew tests need it). */
export function hasFaketime(): boolean {
  return libfaketime() !== undefined;
}

export interface ScriptOptions {
  /** Its clock that far off (libfaketime). */
  clockOffset?: string;
  /** Node's own flags beside the loader's (e.g. --cpu-prof, which NODE_OPTIONS may not carry). */
  nodeArgs?: string[];
}

/** A script of this repository in a process of its own, once it has printed `readyText`. */
export async function startScriptProcess(
  script: string,
  readyText: string,
  env: Record<string, string> = {},
  { clockOffset, nodeArgs = [] }: ScriptOptions = {},
): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "--conditions=react-server", script], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "info", ...env, ...(clockOffset ? faketimeEnv(clockOffset) : {}) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(readyText)) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      if (output.includes(readyText)) output += chunk.toString();
    });
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code} before starting:\n${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    child,
    output: () => output,
    async kill() {
      child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
