import "server-only";
import { db } from "./db";
import { closeHotDb } from "./db/hot";
import { closeQueues } from "./jobs/queue";
import { closeRedis } from "./rate-limit/redis";

/**
 * Closes what this process holds open, last thing before it exits (scripts/shutdown.ts): the queue handles, the
 * shared Redis connection, the database connections (Prisma's pool and the hot connection). Never throws.
 */
export async function closeInfrastructure(): Promise<void> {
  await closeQueues();
  await closeRedis();
  await Promise.allSettled([db.$disconnect(), closeHotDb()]);
}
