// The fault schedule: every kind of fault in turn, in an order and at times drawn from the seed, so a run is
// repeated by its seed. Printed before the run starts; each fault's start and end are logged as they happen.
import { mkdirSync, rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import type { Balancer } from "./load";
import type { PostgresCluster } from "./postgres";
import type { AppProcess } from "./processes";
import type { Random } from "./random";
import type { Receiver } from "./receiver";

export const FAULT_KINDS = [
  "kill-worker",
  "term-web",
  "kill-web",
  "restart-redis",
  "restart-redis-empty",
  "restart-postgres",
  "pause-worker",
  "receiver-failing",
  "skew-worker-clock",
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** The short run's faults: the quick ones, each a different dependency. */
export const SMOKE_FAULT_KINDS: readonly FaultKind[] = ["kill-worker", "restart-redis-empty", "restart-postgres", "term-web"];

export const FAULT_DESCRIPTIONS: Record<FaultKind, string> = {
  "kill-worker": "SIGKILL a worker process mid-run, start it again 5 s later",
  "term-web": "SIGTERM a web instance while synchronous runs wait on it (graceful), start it again (a deploy)",
  "kill-web": "SIGKILL a web instance, start it again 3 s later",
  "restart-redis": "SIGKILL Redis and start it again 3 s later, its data kept (AOF, fsync every second)",
  "restart-redis-empty": "SIGKILL Redis and start it again 3 s later with nothing (no persistence, or a failover)",
  "restart-postgres": "stop PostgreSQL (fast: connections ended) and start it again 3 s later",
  "pause-worker": "SIGSTOP a worker process for 45 s, past its runs' 30 s lease, then SIGCONT",
  "receiver-failing": "the webhook receiver answers 500 or lets the request time out, for 25 s",
  "skew-worker-clock": "restart a worker with its clock 4 minutes off (faketime) for 40 s, then restart it right",
};

export interface PlannedFault {
  kind: FaultKind;
  /** Milliseconds after the load starts. */
  at: number;
  /** Which worker or web instance (0 or 1), where it matters. */
  target: number;
  /** skew-worker-clock: ahead (+) or behind (−). */
  sign: 1 | -1;
}

/**
 * Every kind in turn, in a seeded order, evenly spread over the load's duration less its last 20 s (so the last
 * fault has begun well before the load stops), each at a seeded moment within its slot.
 */
export function planFaults(random: Random, durationMs: number, kinds: readonly FaultKind[]): PlannedFault[] {
  const span = Math.max(durationMs - 30_000, kinds.length * 5000);
  const slot = span / kinds.length;
  return random.shuffle(kinds).map((kind, i) => ({
    kind,
    at: Math.round(5000 + i * slot + random.next() * slot * 0.3),
    target: random.int(0, 1),
    sign: random.next() < 0.5 ? 1 : -1,
  }));
}

export interface FaultRecord {
  kind: FaultKind;
  target: string;
  startedAt: number;
  endedAt?: number;
  note?: string;
}

export interface Cluster {
  postgres: PostgresCluster;
  redis: { kill(): Promise<void>; start(): Promise<void> };
  redisDataDir: string;
  webs: AppProcess[];
  workers: AppProcess[];
  receiver: Receiver;
  balancer: Balancer;
  /** Runs currently running, from the database (the worker fault waits for one). */
  runningRuns(): Promise<number>;
}

const say = (text: string) => console.log(`  ${new Date().toISOString().slice(11, 19)}  ${text}`);

/** Carries out one fault to its end (a paused worker resumed, a killed process running again). */
export async function inject(fault: PlannedFault, cluster: Cluster, log: FaultRecord[]): Promise<void> {
  const worker = cluster.workers[fault.target] as AppProcess;
  const web = cluster.webs[fault.target] as AppProcess;
  const record: FaultRecord = { kind: fault.kind, target: "", startedAt: Date.now() };
  log.push(record);
  switch (fault.kind) {
    case "kill-worker": {
      record.target = worker.name;
      // Mid-run: wait (up to 10 s) until some run is running.
      for (let i = 0; i < 50 && (await cluster.runningRuns()) === 0; i++) await sleep(200);
      say(`SIGKILL ${worker.name} (pid ${worker.pid()})`);
      await worker.signal("SIGKILL");
      await sleep(5000);
      await worker.start();
      break;
    }
    case "term-web": {
      record.target = web.name;
      for (let i = 0; i < 50 && (cluster.balancer.syncInFlight.get(web.name) ?? 0) === 0; i++) await sleep(200);
      record.note = `${cluster.balancer.syncInFlight.get(web.name) ?? 0} synchronous runs waiting on it`;
      say(`SIGTERM ${web.name} (${record.note})`);
      await web.signal("SIGTERM");
      say(`${web.name} exited; starting it again`);
      await web.start();
      break;
    }
    case "kill-web": {
      record.target = web.name;
      say(`SIGKILL ${web.name}`);
      await web.signal("SIGKILL");
      await sleep(3000);
      await web.start();
      break;
    }
    case "restart-redis":
    case "restart-redis-empty": {
      record.target = "redis";
      say(`SIGKILL Redis${fault.kind === "restart-redis-empty" ? ", its data wiped" : ""}`);
      await cluster.redis.kill();
      if (fault.kind === "restart-redis-empty") {
        rmSync(cluster.redisDataDir, { recursive: true, force: true });
        mkdirSync(cluster.redisDataDir);
      }
      await sleep(3000);
      await cluster.redis.start();
      say("Redis is back");
      break;
    }
    case "restart-postgres": {
      record.target = "postgres";
      say("stopping PostgreSQL");
      cluster.postgres.stop("fast");
      await sleep(3000);
      cluster.postgres.start();
      say("PostgreSQL is back");
      break;
    }
    case "pause-worker": {
      record.target = worker.name;
      say(`SIGSTOP ${worker.name} for 45 s`);
      await worker.signal("SIGSTOP");
      await sleep(45_000);
      await worker.signal("SIGCONT");
      say(`SIGCONT ${worker.name}`);
      break;
    }
    case "receiver-failing": {
      record.target = "receiver";
      say("webhook receiver: 500s and timeouts for 25 s");
      cluster.receiver.setFailing(true);
      await sleep(25_000);
      cluster.receiver.setFailing(false);
      say("webhook receiver: answering 200 again");
      break;
    }
    case "skew-worker-clock": {
      record.target = worker.name;
      const offset = `${fault.sign > 0 ? "+" : "-"}4m`;
      record.note = `clock ${offset}`;
      say(`restarting ${worker.name} with its clock ${offset}`);
      await worker.signal("SIGTERM");
      await worker.start({ clockOffset: offset });
      await sleep(40_000);
      say(`restarting ${worker.name} with the right clock`);
      await worker.signal("SIGTERM");
      await worker.start();
      break;
    }
  }
  record.endedAt = Date.now();
}
