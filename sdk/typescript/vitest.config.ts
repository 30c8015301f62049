import { defineConfig } from "vitest/config";

// The SDK's own tests: the shared test vectors always; the live ones when SCRAPEDECK_URL names a running app
// (npm run test:examples starts one and runs them).
export default defineConfig({
  root: import.meta.dirname,
  test: { include: ["test/**/*.test.ts"], environment: "node", testTimeout: 60_000 },
});
