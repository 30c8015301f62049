/**
 * The flags every Chromium of this repository starts with, the e2e tests' and the benchmarks' bare browsers included:
 * no GPU, none of Chromium's background services (updates, sync, its own calls home), no first-run work, no QUIC (a
 * UDP path that proxies and fixture servers do not see). The rendering pool adds what hostile pages need (launch.ts).
 * No imports: playwright.config.ts reads it outside the server's conditions.
 */
export const PLAIN_CHROMIUM_ARGS: readonly string[] = [
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
