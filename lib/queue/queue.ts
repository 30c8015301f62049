import "server-only";
import { DelayedError, Queue, Worker } from "bullmq";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-state";
import { bullConnection } from "./redis-options";

/** A job carries only the run's id (and the slot a synchronous caller took for it): the database has the rest. */
export interface RunJob {
  runId: number;
  /** A concurrency slot taken by the web process for a synchronous run, released by the worker when it ends. */
  slotToken?: string;
}

/** What the processor says about a job: done (whatever the run's outcome), or try again later. */
export type JobOutcome = { done: true } | { done: false; retryInMs: number };

export type RunProcessor = (job: RunJob) => Promise<JobOutcome>;

export interface RunQueue {
  enqueue(job: RunJob): Promise<void>;
}

export interface QueueWorker {
  close(): Promise<void>;
}

const QUEUE_NAME = "runs";

// One queue per process, whichever copy of lib/ (Next's bundle, the edge's fast paths) enqueues (lib/process-state.ts).
interface QueueState {
  bullQueue?: RunQueue;
  memory?: MemoryQueue;
}
const state = processWide<QueueState>("queue", () => ({}));

/** Whether runs go through Redis (BullMQ) or stay in this process. */
export function usesRedisQueue(): boolean {
  return env.REDIS_URL !== undefined;
}

/** The run queue: BullMQ when REDIS_URL is set, else in this process. */
export function runQueue(): RunQueue {
  return usesRedisQueue() ? bullQueue() : memoryQueue();
}

/** Starts taking jobs with `processor`, `concurrency` at a time. */
export function startQueueWorker(processor: RunProcessor, concurrency: number): QueueWorker {
  return usesRedisQueue() ? startBullWorker(processor, concurrency) : memoryQueue().start(processor, concurrency);
}

// ─── BullMQ ──────────────────────────────────────────────────────────────────────────────────────────────────

function bullQueue(): RunQueue {
  state.bullQueue ??= createBullQueue(env.REDIS_URL as string);
  return state.bullQueue;
}

function createBullQueue(redisUrl: string): RunQueue {
  const queue = new Queue(QUEUE_NAME, { connection: bullConnection(redisUrl), prefix: env.QUEUE_PREFIX });
  return {
    async enqueue(job) {
      // One job per run: adding a run that is already waiting is a no-op (the sweeper re-adds queued runs after
      // a Redis restart). Finished jobs are removed, so the id is free again for a later re-add.
      await queue.add("run", job, { jobId: `run-${job.runId}`, removeOnComplete: true, removeOnFail: true });
    },
  };
}

function startBullWorker(processor: RunProcessor, concurrency: number): QueueWorker {
  const worker = new Worker<RunJob>(
    QUEUE_NAME,
    async (job, token) => {
      const outcome = await processor(job.data);
      if (!outcome.done) {
        // Waits in Redis, not in this process: any worker may take it up when it is due.
        await job.moveToDelayed(Date.now() + outcome.retryInMs, token);
        throw new DelayedError();
      }
    },
    {
      connection: bullConnection(env.REDIS_URL as string),
      prefix: env.QUEUE_PREFIX,
      concurrency,
      // A killed worker's job is not retried by BullMQ: the run's lease in the database decides (lib/runs/recovery.ts),
      // the same way with or without Redis.
      maxStalledCount: 0,
    },
  );
  worker.on("error", (err) => log.error({ err }, "queue worker error"));
  worker.on("failed", (job, err) => {
    if (!(err instanceof DelayedError)) log.error({ err, runId: job?.data.runId }, "run job failed");
  });
  return { close: () => worker.close() };
}

// ─── In process ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The queue without Redis: jobs in an array, `concurrency` of them at a time. Nothing is lost with it on a
 * restart, because every accepted run is recorded `queued` in the database first and recovery re-enqueues them.
 */
class MemoryQueue implements RunQueue {
  private readonly pending: RunJob[] = [];
  private readonly pendingIds = new Set<number>();
  private active = 0;
  private processor: RunProcessor | null = null;
  private concurrency = 0;

  async enqueue(job: RunJob) {
    if (this.pendingIds.has(job.runId)) return;
    this.pendingIds.add(job.runId);
    this.pending.push(job);
    this.pump();
  }

  start(processor: RunProcessor, concurrency: number): QueueWorker {
    this.processor = processor;
    this.concurrency = concurrency;
    this.pump();
    return {
      close: async () => {
        this.processor = null;
      },
    };
  }

  private pump() {
    const processor = this.processor;
    while (processor && this.active < this.concurrency) {
      const job = this.pending.shift();
      if (!job) return;
      this.pendingIds.delete(job.runId);
      this.active++;
      processor(job)
        .then((outcome) => {
          if (!outcome.done) setTimeout(() => void this.enqueue(job), outcome.retryInMs).unref();
        })
        .catch((err: unknown) => log.error({ err, runId: job.runId }, "run job failed"))
        .finally(() => {
          this.active--;
          this.pump();
        });
    }
  }
}

function memoryQueue(): MemoryQueue {
  state.memory ??= new MemoryQueue();
  return state.memory;
}
