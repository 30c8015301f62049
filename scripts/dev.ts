// npm run dev — apply pending migrations, seed the catalogue on an empty database, then `next dev`.
import "./load-env";
import { env } from "@/lib/infra/env";
import { prepareDatabase } from "@/server/prepare-database";
import { buildExtractionThread } from "./build-thread";
import { nextServerEnv, serveNext } from "./next-server";

const { seeded } = await prepareDatabase(env.DATABASE_URL);
// Runs extract in worker threads loading the bundled thread file: rebuilt here so it matches the sources.
await buildExtractionThread();
if (seeded) console.log("Seeded the catalogue.");
serveNext(["--dev", ...process.argv.slice(2)], nextServerEnv());
