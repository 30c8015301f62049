import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";

/** How often the background thread moves the write-ahead log into the database file. */
export const CHECKPOINT_INTERVAL_MS = 100;

/**
 * A log this long (in pages, about 16 MB) is started over. Four times SQLite's own checkpoint size
 * (`wal_autocheckpoint`): each restart makes writers wait for a checkpoint's fsync, so under bench:hot's verify
 * load this is about one wait a second rather than four.
 */
export const RESTART_LOG_PAGES = 4000;

/** How long the thread's restart waits for a writer's commit, or a reader, to end before trying again next time. */
const RESTART_WAIT_MS = 50;

/**
 * The hot connection's checkpoints, off the event loop (docs/decisions.md#hot-paths). SQLite checkpoints the WAL
 * from whichever connection's commit crosses `wal_autocheckpoint` (1000 pages), inside that commit: copying the log
 * into the file and an fsync of it, several milliseconds during which better-sqlite3, synchronous, holds the event
 * loop and every request waiting on it. That was the p99 of verification and of runs (a run writes about a dozen
 * pages, so every hundred runs or so one of them paid for everybody's). The hot connection turns its own
 * checkpoints off and this thread, on a connection of its own, checkpoints PASSIVE every CHECKPOINT_INTERVAL_MS:
 * never waiting for a lock, never blocking a writer. Durability is the same (a checkpoint still syncs the file).
 * Prisma's connection keeps SQLite's default; a thread that stops hands checkpoints back to the hot connection
 * (`onStopped`).
 *
 * A PASSIVE checkpoint alone does not keep the log short under steady writes: SQLite starts the log over only when a
 * writer finds all of it checkpointed, and with commits landing while each checkpoint runs, that never happens. The
 * log then grows by a page per verification for as long as the load lasts (bench:hot's verify row: 200 MB in half
 * a minute), each commit extending the file, and the file keeps that size afterwards. So once the log reaches
 * RESTART_LOG_PAGES the thread checkpoints RESTART: it takes the writer's lock for the few pages the PASSIVE pass
 * left, and the next commit writes from the start of the log again. Writers wait that long (the hot connection
 * retries after yielding, lib/infra/db/hot.ts), not the event loop.
 *
 * Eval'd CommonJS rather than a file: the same code runs from the edge (tsx) and from Next's bundle, and the thread
 * only needs better-sqlite3, loaded from the app's node_modules (the app runs from the repository root).
 */
const THREAD_SOURCE = `
const { workerData } = require("node:worker_threads");
const Database = require(workerData.module);
const database = new Database(workerData.file, { timeout: workerData.restartWaitMs });
setInterval(() => {
  try {
    const [{ log }] = database.pragma("wal_checkpoint(PASSIVE)");
    if (log >= workerData.restartPages) database.pragma("wal_checkpoint(RESTART)");
  } catch {
    // Busy (another checkpoint running) or the file gone: the next tick tries again.
  }
}, workerData.intervalMs);
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * Starts checkpointing `file` in a thread that does not keep the process alive. `onStopped` runs if the thread
 * fails or exits on its own (not after stop()).
 */
export function startBackgroundCheckpoints(
  file: string,
  onStopped: () => void,
  { intervalMs = CHECKPOINT_INTERVAL_MS, restartPages = RESTART_LOG_PAGES } = {},
): Checkpointer {
  const worker = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: {
      file,
      intervalMs,
      restartPages,
      restartWaitMs: RESTART_WAIT_MS,
      module: path.join(process.cwd(), "node_modules", "better-sqlite3"),
    },
  });
  worker.unref();
  let stopping = false;
  // A thread that failed (no better-sqlite3 where expected) or ended: checkpoints go back to the connections.
  worker.on("error", () => {});
  worker.once("exit", () => {
    if (!stopping) onStopped();
  });
  return {
    async stop() {
      stopping = true;
      await worker.terminate();
    },
  };
}
