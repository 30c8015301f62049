import { serveFastPath } from "@/server/fast-paths";
import type { EdgeHandler } from "./edge";

/**
 * Handlers the edge tries, in order, before Next (docs/architecture.md#the-edge): each answers a request itself
 * (returning true) or passes it on. A fast path for a hot API route is one more entry here.
 */
export const edgeHandlers: EdgeHandler[] = [
  // The hot API routes (verify-license, a scraper's run, a run's status), past Next's router (docs/architecture.md#hot-paths).
  ({ req, res, pathname }) => serveFastPath(req, res, pathname),
];
