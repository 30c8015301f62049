// The app's production server (npm start): Next's request handler behind a node:http server that first offers each
// request to the hot API paths (lib/http/fast-paths.ts, docs/architecture.md#hot-paths), in this one process.
// Started by scripts/next-server.ts with the environment npm start prepared.
import "./load-env";
import { createServer } from "node:http";
import { register } from "node:module";
import path from "node:path";
import next from "next";

// Before any lib/ module loads: see server-only-hook.mjs.
register("./server-only-hook.mjs", import.meta.url);
const { env } = await import("../lib/env");
const { log } = await import("../lib/log");
const { serveFastPath } = await import("../lib/http/fast-paths");

const app = next({ dev: false, dir: path.resolve(import.meta.dirname, ".."), port: env.PORT });
await app.prepare();
const handle = app.getRequestHandler();

const server = createServer((req, res) => {
  const target = req.url ?? "/";
  const end = target.search(/[?#]/);
  const pathname = end === -1 ? target : target.slice(0, end);
  serveFastPath(req, res, pathname)
    .then((served) => (served ? undefined : handle(req, res)))
    .catch((err: unknown) => {
      log.error({ err, method: req.method, url: req.url }, "server: unexpected failure");
      if (res.headersSent) res.destroy();
      else res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Internal Server Error");
    });
});
server.listen(env.PORT, () => console.log(`ScrapeDeck ready on http://localhost:${env.PORT}`));

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    void app.close().finally(() => process.exit(0));
  });
}
