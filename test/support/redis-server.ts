// A Redis of one's own, for tests and the chaos run that stop and restart it: Debian's redis-server as a child
// process on a port of its own, so a restart never touches the shared Redis other suites use. Plain Node only:
// a test sets REDIS_URL from it before lib/infra/env.ts is first imported (vi.hoisted).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";

export interface RedisServerOptions {
  /** A free one (freePortSync) when not given. */
  port?: number;
  /** Persist to this directory (AOF, fsync every second, as production should); nothing persisted without one. */
  dataDir?: string;
  /** The executable; Debian's by default. */
  binary?: string;
}

export interface RedisServer {
  port: number;
  /** redis://127.0.0.1:<port>/0 */
  url: string;
  /** Starts it (again, on the same port) and waits until it accepts connections. */
  start(): Promise<void>;
  /** Ends it at once, as a crash or a failover would (SIGKILL): what was not persisted is gone. */
  kill(): Promise<void>;
  /** Asks it to stop (SIGTERM: with persistence, it writes what it holds first). */
  stop(): Promise<void>;
  isRunning(): boolean;
  /** What it printed last, for failure messages. */
  output(): string;
}

/** A TCP port free right now on 127.0.0.1, found synchronously (a child process asks the kernel for one). */
export function freePortSync(): number {
  const script =
    "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }));
}

export function redisServer(options: RedisServerOptions = {}): RedisServer {
  const port = options.port ?? freePortSync();
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let output = "";
  const persistence = options.dataDir
    ? ["--dir", options.dataDir, "--appendonly", "yes", "--appendfsync", "everysec"]
    : ["--save", "", "--appendonly", "no"];

  const end = async (signal: NodeJS.Signals) => {
    if (!child) return;
    child.kill(signal);
    await exited;
  };

  return {
    port,
    url: `redis://127.0.0.1:${port}/0`,
    async start() {
      if (child) return;
      output = "";
      const started = spawn(
        options.binary ?? "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", ...persistence, "--maxmemory-policy", "noeviction"],
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      child = started;
      exited = new Promise((resolve) =>
        started.once("exit", () => {
          if (child === started) child = null;
          resolve();
        }),
      );
      await new Promise<void>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output = (output + chunk.toString()).slice(-4000);
          if (output.includes("Ready to accept connections")) resolve();
        };
        started.stdout?.on("data", onData);
        started.stderr?.on("data", onData);
        started.once("exit", (code) => reject(new Error(`redis-server on port ${port} exited with ${code}:\n${output}`)));
        started.once("error", reject);
      });
    },
    kill: () => end("SIGKILL"),
    stop: () => end("SIGTERM"),
    isRunning: () => child !== null,
    output: () => output,
  };
}
