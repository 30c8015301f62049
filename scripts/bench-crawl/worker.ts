// A bench:crawl worker process: `npm run worker` (scripts/worker.ts) with the site's made-up host names resolving
// to the fixture server (BENCH_CRAWL_HOSTS). A script rather than a preload flag: worker threads inherit a
// process's flags, and the extraction threads cannot load a TypeScript preload.
import "./resolve-hosts";
import "../worker";
