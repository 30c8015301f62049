import "server-only";
import { db, type Prisma } from "@/lib/infra/db";
import { authenticationRequired } from "@/lib/infra/errors";

/**
 * Runs `work` in a transaction that first writes the user's row, so that one user's checks-then-writes of a
 * per-account limit (keys held, crawls under way, monitors running) wait for each other: a row lock on PostgreSQL,
 * the write lock on SQLite. The count `work` reads is then exact and the limit cannot be overshot by parallel
 * requests, on one instance or many. Other users are not held up on PostgreSQL.
 */
export function withUserLocked<T>(userId: number, work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return db.$transaction(
    async (tx) => {
      const locked = await tx.$executeRaw`UPDATE users SET plan = plan WHERE id = ${userId}`;
      if (locked === 0) throw authenticationRequired();
      return work(tx);
    },
    // One user's writes queue behind the lock; give the queue room before giving up.
    { maxWait: 15_000, timeout: 15_000 },
  );
}
