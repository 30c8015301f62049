// The app's server process (npm start, npm run dev): the edge (server/edge.ts) in front of Next's request
// handler. `--dev` serves `next dev`. Started by scripts/next-server.ts with the environment it prepared.
import "./load-env";
import path from "node:path";
import next from "next";
import { stopCrawlWorkers } from "@/lib/crawls/workers";
import { env } from "@/lib/infra/env";
import { log } from "@/lib/infra/log";
import { signingKeys } from "@/lib/infra/signing/keys";
import { stopMonitorWorker } from "@/lib/monitors/worker";
import { stopRunWorkers } from "@/lib/runs/workers";
import { drainable } from "@/server/drain";
import { createEdgeServer } from "@/server/edge";
import { edgeHandlers } from "@/server/handlers";
import { onShutdownSignal } from "./shutdown";

const dev = process.argv.includes("--dev");
// Every verification answer is signed: a production server without SIGNING_KEY stops here, before it listens, rather
// than failing its first verification (npm start hands it the key generated in data/ when none is set).
try {
  signingKeys();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const app = next({ dev, dir: path.resolve(import.meta.dirname, ".."), port: env.PORT });
await app.prepare();

const server = createEdgeServer({
  next: app.getRequestHandler(),
  trustProxy: env.TRUST_PROXY,
  handlers: edgeHandlers,
  dev,
  origin: new URL(env.APP_URL).origin,
  onError: (err, context) => log.error({ err, ...context }, "edge: unexpected failure"),
});
const drainer = drainable(server);

server.listen(env.PORT, () => {
  console.log(`ScrapeDeck ${dev ? "(dev) " : ""}ready on http://localhost:${env.PORT}`);
});

// SIGTERM: no new connections, readiness answers 503; requests in flight finish (a synchronous run's wait answers 202
// with its status_url at once) and the in-app workers' runs finish or go back to the queue, both within
// SHUTDOWN_GRACE_MS; then the connections and Next close (server/drain.ts, scripts/shutdown.ts).
onShutdownSignal(async () => {
  await drainer.drain(
    env.SHUTDOWN_GRACE_MS,
    Promise.all([stopMonitorWorker(), stopCrawlWorkers(), stopRunWorkers({ graceMs: env.SHUTDOWN_GRACE_MS })]),
  );
  await app.close();
});
