// The fixture site in a process of its own, so that serving the page a run scrapes does not share the event loop of
// the load generator: tsx scripts/bench/fixture-server.ts <port>; stops on SIGTERM.
import { startFixtureServer } from "@/test/support/fixture-server";

const fixtures = await startFixtureServer(Number(process.argv[2]));
console.log(`fixture site on ${fixtures.url}`);
process.on("SIGTERM", () => {
  fixtures.close().finally(() => process.exit(0));
});
