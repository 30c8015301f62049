import "server-only";
import { DelayedError, type Job, Queue, type RepeatStrategy, Worker } from "bullmq";
import { env } from "@/lib/infra/env";
import { log } from "@/lib/infra/log";
import { processWide } from "@/lib/infra/process-state";
import { type Backoff, backoffDelayMs } from "./backoff";
import { bullConnection, bullProducerConnection } from "./redis-options";
import { nextCronRun } from "./schedule-spec";

/**
 * What the processor says about a job: done (whatever the run's outcome), or try again later (a wait that is not
 * a failed attempt, such as a user's runs all being busy). A processor that throws has failed an attempt: the
 * engine retries it on the job's own `attempts` and `backoff`, or drops it.
 */
export type JobOutcome = { done: true } | { done: false; retryInMs: number };

export type JobProcessor<T> = (job: T) => Promise<JobOutcome>;

/** BullMQ's own job options, the subset both engines honour the same way. */
export interface JobOptions {
  /** One job per id: adding an id that is waiting, delayed or active changes nothing. Finished jobs free theirs. */
  jobId: string;
  /** Runs of the job in all while its processor throws (default 1: no retry). */
  attempts?: number;
  /** The wait after the n-th failed run (backoff.ts). */
  backoff?: Backoff;
}

export interface JobQueue<T> {
  add(job: T, options: JobOptions): Promise<void>;
}

export interface QueueWorker {
  close(): Promise<void>;
}

export interface WorkerOptions {
  /**
   * Whether a job whose worker died (its lock lapsed) is run again by the engine (BullMQ's stalled-job check; in
   * process, a dead worker is a dead process, whose jobs recovery re-adds). Off for runs: their lease decides.
   */
  retryStalled?: boolean;
}

// One handle per queue and process, whichever copy of lib/ (Next's bundle, the edge's fast paths) enqueues
// (lib/infra/process-state.ts).
interface QueueState {
  bull: Map<string, Queue>;
  /** The job queues handed out for BullMQ's queues: one per name, like the in-process ones. */
  bullJobs: Map<string, JobQueue<unknown>>;
  memory: Map<string, MemoryQueue<unknown>>;
}
const state = processWide<QueueState>("queue", () => ({ bull: new Map(), bullJobs: new Map(), memory: new Map() }));

/** Whether jobs go through Redis (BullMQ) or stay in this process. */
export function usesRedisQueue(): boolean {
  return env.REDIS_URL !== undefined;
}

/** The named queue: BullMQ when REDIS_URL is set, else in this process. */
export function jobQueue<T>(name: string): JobQueue<T> {
  return usesRedisQueue() ? bullJobQueue<T>(name) : memoryQueue<T>(name);
}

/**
 * Whether jobs can be added to the named queue now: the engine's name once a round trip to Redis on its connection
 * succeeded (the readiness check); throws while Redis is unreachable. The in-process queue is always there.
 */
export async function checkQueue(name: string): Promise<"bullmq" | "in-process"> {
  if (!usesRedisQueue()) return "in-process";
  await (await bullQueue(name).client).ping();
  return "bullmq";
}

/** Closes this process's queue handles (a process shutting down; workers close their own). */
export async function closeQueues(): Promise<void> {
  const queues = [...state.bull.values()];
  state.bull.clear();
  await Promise.all(queues.map((queue) => queue.close().catch(() => {})));
}

/** Starts taking jobs of the named queue with `processor`, `concurrency` at a time. */
export function startQueueWorker<T>(
  name: string,
  processor: JobProcessor<T>,
  concurrency: number,
  options: WorkerOptions = {},
): QueueWorker {
  return usesRedisQueue()
    ? startBullWorker<T>(name, (job) => processor(job.data), concurrency, options)
    : memoryQueue<T>(name).start(processor, concurrency);
}

// ─── BullMQ ──────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * BullMQ's job schedulers compute a cron schedule's next tick with this, on the queue (when a schedule is upserted)
 * and on every worker (when it takes a tick and adds the next): the in-process scheduler's croner reading, not
 * BullMQ's own cron parser, so both engines fire the same instants (docs/decisions.md#schedules).
 */
const repeatStrategy: RepeatStrategy = (millis, opts) =>
  opts.pattern ? (nextCronRun(opts.pattern, opts.tz ?? "UTC", millis) ?? undefined) : undefined;

/** The process's BullMQ handle of the named queue (the schedules of lib/infra/jobs/schedules.ts use it too). */
export function bullQueue(name: string): Queue {
  let queue = state.bull.get(name);
  if (!queue) {
    queue = new Queue(name, {
      connection: bullProducerConnection(env.REDIS_URL as string),
      prefix: env.QUEUE_PREFIX,
      settings: { repeatStrategy },
    });
    // Connection errors while Redis is away (each add then fails on its own); unheard, BullMQ prints each one.
    queue.on("error", (err) => log.warn({ err, queue: name }, "queue connection error"));
    state.bull.set(name, queue);
  }
  return queue;
}

function bullJobQueue<T>(name: string): JobQueue<T> {
  let jobs = state.bullJobs.get(name);
  if (!jobs) {
    jobs = bullJobQueueOf(name);
    state.bullJobs.set(name, jobs);
  }
  return jobs as JobQueue<T>;
}

function bullJobQueueOf(name: string): JobQueue<unknown> {
  return {
    async add(job, options) {
      // Finished jobs are removed, so their id is free again for a later re-add (recovery after a Redis loss).
      await bullQueue(name).add(name, job, { ...options, removeOnComplete: true, removeOnFail: true });
    },
  };
}

/** A BullMQ worker whose processor sees the whole job (a schedule's tick reads its due time from it). */
export function startBullWorker<T>(
  name: string,
  processor: (job: Job<T>) => Promise<JobOutcome>,
  concurrency: number,
  options: WorkerOptions,
): QueueWorker {
  const worker = new Worker<T>(
    name,
    async (job, token) => {
      const outcome = await processor(job);
      if (!outcome.done) {
        // Waits in Redis, not in this process: any worker may take it up when it is due. Not a failed attempt.
        // Due on Redis's clock, not this process's: a worker whose clock is minutes ahead would otherwise put the job
        // minutes off for every other worker (found by the chaos check's clock-skew fault).
        const [seconds, micros] = await (await worker.client).time();
        await job.moveToDelayed(Number(seconds) * 1000 + Math.floor(Number(micros) / 1000) + outcome.retryInMs, token);
        throw new DelayedError();
      }
    },
    {
      connection: bullConnection(env.REDIS_URL as string),
      prefix: env.QUEUE_PREFIX,
      concurrency,
      settings: { repeatStrategy },
      ...(options.retryStalled ? {} : { maxStalledCount: 0 }),
    },
  );
  worker.on("error", (err) => log.error({ err, queue: name }, "queue worker error"));
  worker.on("failed", (job, err) => {
    if (err instanceof DelayedError) return;
    // A failed attempt with attempts left is retried by BullMQ after its backoff.
    const retried = job !== undefined && job.attemptsMade < (job.opts.attempts ?? 1);
    log[retried ? "warn" : "error"]({ err, queue: name, jobId: job?.id, attemptsMade: job?.attemptsMade }, "job failed");
  });
  return { close: () => worker.close() };
}

// ─── In process ──────────────────────────────────────────────────────────────────────────────────────────────

interface Entry<T> {
  job: T;
  options: JobOptions;
  attemptsMade: number;
}

/**
 * A queue without Redis: jobs in an array, `concurrency` of them at a time, with BullMQ's semantics for job ids,
 * `attempts` and exponential `backoff`. A job waiting to be tried again (a JobOutcome's wait or a failed attempt's
 * backoff) waits on one timer path, then joins the queue. Nothing is lost with it on a restart, because what
 * its jobs stand for (runs, webhook deliveries) is in the database and recovery re-adds them.
 */
class MemoryQueue<T> implements JobQueue<T> {
  private readonly pending: Entry<T>[] = [];
  /** Ids waiting, delayed or being worked: adding one again is a no-op, as in BullMQ. */
  private readonly ids = new Set<string>();
  /** Attempts being made, which a closing worker waits for (as BullMQ's close does). */
  private readonly inFlight = new Set<Promise<void>>();
  private processor: JobProcessor<T> | null = null;
  private concurrency = 0;

  constructor(private readonly name: string) {}

  async add(job: T, options: JobOptions) {
    if (this.ids.has(options.jobId)) return;
    this.ids.add(options.jobId);
    this.pending.push({ job, options, attemptsMade: 0 });
    this.pump();
  }

  start(processor: JobProcessor<T>, concurrency: number): QueueWorker {
    this.processor = processor;
    this.concurrency = concurrency;
    this.pump();
    return {
      close: async () => {
        // A worker closed after another one started leaves the newer one working.
        if (this.processor === processor) this.processor = null;
        await Promise.all(this.inFlight);
      },
    };
  }

  /** The one delayed path: back in the queue after `ms`. */
  private later(entry: Entry<T>, ms: number) {
    setTimeout(() => {
      this.pending.push(entry);
      this.pump();
    }, ms).unref();
  }

  private pump() {
    while (this.processor && this.inFlight.size < this.concurrency) {
      const entry = this.pending.shift();
      if (!entry) return;
      const attempt: Promise<void> = this.processor(entry.job)
        .then(
          (outcome) => {
            if (outcome.done) this.ids.delete(entry.options.jobId);
            else this.later(entry, outcome.retryInMs);
          },
          (err: unknown) => {
            entry.attemptsMade++;
            const retried = entry.attemptsMade < (entry.options.attempts ?? 1);
            log[retried ? "warn" : "error"](
              { err, queue: this.name, jobId: entry.options.jobId, attemptsMade: entry.attemptsMade },
              "job failed",
            );
            if (retried) this.later(entry, backoffDelayMs(entry.options.backoff, entry.attemptsMade));
            else this.ids.delete(entry.options.jobId);
          },
        )
        .finally(() => {
          this.inFlight.delete(attempt);
          this.pump();
        });
      this.inFlight.add(attempt);
    }
  }
}

/** The process's in-process queue of that name (the in-process scheduler hands its ticks to it). */
export function memoryQueue<T>(name: string): MemoryQueue<T> {
  let queue = state.memory.get(name);
  if (!queue) {
    queue = new MemoryQueue<unknown>(name);
    state.memory.set(name, queue);
  }
  return queue as MemoryQueue<T>;
}
