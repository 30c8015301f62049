/** @type {import('next').NextConfig} */
const nextConfig = {
  // Types are checked by `npm run typecheck` (tsc 7), which is faster than the build-time check.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  // Metadata (title, description, robots) always in <head>, for every client rather than only the crawlers Next
  // lists: the edge holds each page back until it is whole to hash its scripts (server/document-csp.ts), so
  // streaming the metadata later in the body would gain nothing, and a title streamed into the body reached the
  // tab only when the client moved it, racing the page's own scripts (a not-found page kept the site's title).
  htmlLimitedBots: /.*/,
  // piscina loads dist/extract-thread.cjs by path and bullmq ships Lua scripts it reads from disk: both stay in node_modules.
  serverExternalPackages: ["better-sqlite3", "@node-rs/argon2", "pino", "ioredis", "piscina", "bullmq"],
};

export default nextConfig;
