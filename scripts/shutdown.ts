// A process's graceful shutdown (docs/architecture.md#shutdown), for the web server (scripts/serve.ts) and the
// worker (scripts/worker.ts): on SIGTERM or SIGINT it begins draining (lib/infra/lifecycle.ts: readiness 503,
// synchronous waits answer 202, no new runs taken), lets `drain` finish what the process holds, closes its
// connections and exits 0. A second signal exits at once, leaving whatever is running to recovery.
import { beginShutdown } from "@/lib/infra/lifecycle";
import { log } from "@/lib/infra/log";
import { closeInfrastructure } from "@/lib/infra/shutdown";

export function onShutdownSignal(drain: () => Promise<void>): void {
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) {
        log.warn({ signal }, "second signal while shutting down: exiting now");
        process.exit(1);
      }
      stopping = true;
      log.info({ signal, pid: process.pid }, "shutting down");
      beginShutdown();
      void drain()
        .catch((err: unknown) => log.error({ err }, "shutdown: could not drain"))
        .then(closeInfrastructure)
        .finally(() => {
          log.info({ pid: process.pid }, "shut down");
          process.exit(0);
        });
    });
  }
}
