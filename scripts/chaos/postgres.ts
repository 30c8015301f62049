// A PostgreSQL cluster of the chaos run's own (Debian's initdb and pg_ctl), in a temporary folder on a port of its
// own, so restarting it never touches the machine's shared server other test suites use. As root, the server runs
// as the postgres user (PostgreSQL refuses root).
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface PostgresCluster {
  port: number;
  /** postgresql://postgres@127.0.0.1:<port>/<database> */
  url(database: string): string;
  start(): void;
  /** `fast`: connections are ended and the server stops cleanly; `immediate`: as a crash (recovery at start). */
  stop(mode: "fast" | "immediate"): void;
  /** Stops the server and removes its files. */
  destroy(): void;
  log: string;
}

/** The newest PostgreSQL server installed by Debian (/usr/lib/postgresql/<version>/bin), or PG_BIN. */
function serverBin(): string {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) return fromEnv;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest)
    throw new Error("No PostgreSQL server found under /usr/lib/postgresql (apt-get install postgresql), or set PG_BIN");
  return path.join(root, newest, "bin");
}

const isRoot = () => process.getuid?.() === 0;

/** Runs a server tool, as the postgres user when this process is root. */
function tool(bin: string, name: string, args: string[]): void {
  const command = path.join(bin, name);
  const [file, argv] = isRoot() ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  execFileSync(file, argv, { stdio: ["ignore", "pipe", "pipe"] });
}

export function createPostgresCluster(port: number): PostgresCluster {
  const bin = serverBin();
  const dir = mkdtempSync(path.join(tmpdir(), "scrapedeck-chaos-pg-"));
  // The postgres user must own the cluster; the folder is private to it anyway.
  if (isRoot()) execFileSync("chown", ["postgres:postgres", dir]);
  chmodSync(dir, 0o700);
  const data = path.join(dir, "data");
  const log = path.join(dir, "server.log");
  tool(bin, "initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  // fsync off: a killed server loses nothing the OS already has (only a machine crash would), and commits stay
  // cheap on a shared machine. The socket lives in the cluster's folder, apart from the system's.
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  const cluster: PostgresCluster = {
    port,
    log,
    url: (database) => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    start() {
      tool(bin, "pg_ctl", ["-D", data, "-l", log, "-o", options, "-w", "-t", "60", "start"]);
    },
    stop(mode) {
      tool(bin, "pg_ctl", ["-D", data, "-m", mode, "-w", "-t", "60", "stop"]);
    },
    destroy() {
      try {
        cluster.stop("immediate");
      } catch {
        // not running
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}
