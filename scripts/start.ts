// npm start — zero-setup launch: migrate, seed when empty, build when the build is missing or stale, serve.
import "./load-env";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { env, localAuthSecret } from "@/lib/infra/env";
import { localSigningKeyPem } from "@/lib/infra/signing/keys";
import { prepareDatabase } from "@/server/prepare-database";
import { buildState, recordBuild } from "./build-state";
import { buildExtractionThread } from "./build-thread";
import { revalidateWhenUp } from "./catalogue-revalidation";
import { addCompileHints } from "./compile-hints";
import { nextServerEnv, serveNext } from "./next-server";
import { writeOpenApiFile } from "./openapi";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);

const childEnv = nextServerEnv({ NODE_ENV: "production" });
if (!env.AUTH_SECRET) {
  // Production requires AUTH_SECRET; a local launch keeps a generated one in the data folder.
  childEnv.AUTH_SECRET = localAuthSecret();
  console.log("AUTH_SECRET is not set: using the generated one in data/.auth-secret. Set AUTH_SECRET in production.");
}
if (!env.SIGNING_KEY) {
  // Production requires SIGNING_KEY too (scripts/serve.ts refuses to start without it); a local launch signs with the
  // key generated once in the data folder.
  childEnv.SIGNING_KEY = localSigningKeyPem();
  console.log("SIGNING_KEY is not set: using the generated one in data/.signing-key. Set SIGNING_KEY in production.");
}

const { applied, seeded } = await prepareDatabase(env.DATABASE_URL);
console.log(`Database ready: ${applied.length} migration(s) applied${seeded ? ", catalogue seeded" : ""}.`);

// The extraction thread is bundled apart from Next's build (lib/scrapers/extraction/pool.ts): always current.
await buildExtractionThread();
// public/openapi.json is made from lib, so it is written first and the build (and the hash) include it.
writeOpenApiFile();

const { isCurrent, sourceHash } = buildState();
if (!isCurrent) {
  console.log("Building the app (no current build)...");
  const build = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: childEnv });
  if (build.status !== 0) process.exit(build.status ?? 1);
  recordBuild(sourceHash);
}
// Also on a build made by a bare `next build` (no postbuild): the step is idempotent.
addCompileHints(".next");

serveNext([], childEnv);

// The catalogue pages of a build kept from an earlier start were rendered from the database of that time: once the
// server is up, it renders them again from this one (docs/architecture.md#catalogue-pages).
if (isCurrent) {
  const secret = childEnv.AUTH_SECRET ?? "";
  void revalidateWhenUp(`http://127.0.0.1:${env.PORT}`, secret).then((done) => {
    if (!done) console.warn("Could not ask the server to refresh the catalogue pages; they refresh within five minutes.");
  });
}
