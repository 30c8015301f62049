// One "web instance" for the scheduler race tests: an in-process scheduler on DATABASE_URL in a process of its own
// (two SQLite connections in one process would wait on each other synchronously). It reads a clock value per line
// on stdin, claims every tick due then (passes until none is left), and answers with the ticks it fired as a JSON line.
import { createInterface } from "node:readline";
import { createDb } from "@/lib/infra/db";
import { DbScheduler } from "@/lib/infra/jobs/db-scheduler";

const [queue, batchSize] = [process.argv[2] as string, Number(process.argv[3] ?? 64)];
const db = createDb(process.env.DATABASE_URL as string);
const clock = { now: 0 };
let fired: string[] = [];
const scheduler = new DbScheduler({
  db,
  queue,
  batchSize,
  now: () => clock.now,
  fire: async (tick) => {
    fired.push(`${tick.scheduleId}@${tick.dueAt}`);
  },
});

console.log("Scheduler racer ready");
for await (const line of createInterface({ input: process.stdin })) {
  if (line === "exit") break;
  clock.now = Number(line);
  fired = [];
  while ((await scheduler.pass()).fired > 0);
  console.log(JSON.stringify({ fired }));
}
await db.$disconnect();
process.exit(0);
