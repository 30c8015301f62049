import "server-only";
import type { KeyObject } from "node:crypto";
import { Worker } from "node:worker_threads";

/** An Ed25519 signature's length: the thread answers a batch as one buffer of them, end to end. */
const SIGNATURE_BYTES = 64;

/**
 * The thread's code. Eval'd CommonJS rather than a file, like the checkpoint thread's (lib/infra/db/checkpoint.ts): the
 * same module runs from the edge (tsx) and from Next's bundle, and the thread needs nothing but node:crypto. Keys come
 * once each, as KeyObjects (which pass between threads); a batch comes as its items' key numbers and data, and goes
 * back as one buffer of signatures, transferred rather than copied.
 */
const THREAD_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { sign } = require("node:crypto");
const keys = new Map();
parentPort.on("message", (message) => {
  if (message.key) {
    keys.set(message.keyNumber, message.key);
    return;
  }
  try {
    const signatures = Buffer.allocUnsafeSlow(${SIGNATURE_BYTES} * message.data.length);
    for (let i = 0; i < message.data.length; i++) {
      sign(null, Buffer.from(message.data[i]), keys.get(message.keyNumbers[i])).copy(signatures, i * ${SIGNATURE_BYTES});
    }
    parentPort.postMessage({ batch: message.batch, signatures: signatures.buffer }, [signatures.buffer]);
  } catch (error) {
    parentPort.postMessage({ batch: message.batch, error: String(error && error.message || error) });
  }
});
`;

interface Waiting {
  resolve(signature: Buffer): void;
  reject(error: Error): void;
}

/**
 * Ed25519 signatures made on a thread of their own, in batches (docs/decisions.md#signed-verification-answers). Each
 * signed answer needs one (37 µs on a two-core EPYC, a third of what a bare verification costs). Made on libuv's thread
 * pool, every one paid its own hand-off: a job queued, a pool thread woken, the event loop woken again for the
 * result, and on a machine with no idle core each wake-up took the event loop's core for a while. Here the signatures
 * asked for during one turn of the event loop go to the thread in one message, once that turn's I/O is done
 * (setImmediate), and come back in one: two wake-ups per batch, however many answers it holds.
 *
 * The thread keeps the process alive only while signatures are owed. If it fails or exits, what it owed is refused
 * and the next signature starts a new one.
 */
export class SigningThread {
  private worker: Worker | undefined;
  private keyNumbers = new WeakMap<KeyObject, number>();
  private keysSent = 0;
  private nextBatch = 0;
  /** The batch being gathered in this turn of the event loop. */
  private gathering: { data: (string | Uint8Array)[]; keyNumbers: number[]; waiting: Waiting[] } | undefined;
  private owed = new Map<number, Waiting[]>();

  /** The signature of `data` by `key`, from the thread. */
  sign(data: string | Uint8Array, key: KeyObject): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      // First, since it may fail: the batch's three lists must stay in step, or signatures would go to other answers.
      const keyNumber = this.keyNumberOf(key);
      if (!this.gathering) {
        this.gathering = { data: [], keyNumbers: [], waiting: [] };
        setImmediate(() => this.send());
      }
      // A view into a larger buffer (node's pooled Buffers) would take all of that buffer along to the thread.
      this.gathering.data.push(
        typeof data === "string" || data.byteLength === data.buffer.byteLength ? data : Uint8Array.prototype.slice.call(data),
      );
      this.gathering.keyNumbers.push(keyNumber);
      this.gathering.waiting.push({ resolve, reject });
    });
  }

  /** Stops the thread; what it owed is refused. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.keyNumbers = new WeakMap();
    this.failAll(new Error("The signing thread was closed"));
    await worker?.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(THREAD_SOURCE, { eval: true });
    worker.unref();
    worker.on("message", (message: { batch: number; signatures?: ArrayBuffer; error?: string }) => this.settle(message));
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      // A new thread knows no keys yet.
      this.keyNumbers = new WeakMap();
      this.failAll(error);
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`The signing thread exited (code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private keyNumberOf(key: KeyObject): number {
    let number = this.keyNumbers.get(key);
    if (number === undefined) {
      number = ++this.keysSent;
      this.keyNumbers.set(key, number);
      this.thread().postMessage({ keyNumber: number, key });
    }
    return number;
  }

  private send(): void {
    const batch = this.gathering;
    this.gathering = undefined;
    if (!batch) return;
    const number = ++this.nextBatch;
    const worker = this.thread();
    if (this.owed.size === 0) worker.ref();
    this.owed.set(number, batch.waiting);
    worker.postMessage({ batch: number, data: batch.data, keyNumbers: batch.keyNumbers });
  }

  private settle({ batch, signatures, error }: { batch: number; signatures?: ArrayBuffer; error?: string }): void {
    const waiting = this.owed.get(batch);
    if (!waiting) return;
    this.owed.delete(batch);
    if (this.owed.size === 0) this.worker?.unref();
    if (!signatures) {
      for (const { reject } of waiting) reject(new Error(`Signing failed: ${error}`));
      return;
    }
    waiting.forEach(({ resolve }, i) => {
      resolve(Buffer.from(signatures, i * SIGNATURE_BYTES, SIGNATURE_BYTES));
    });
  }

  private failAll(error: Error): void {
    const owed = [...this.owed.values()].flat();
    this.owed.clear();
    const gathering = this.gathering?.waiting ?? [];
    this.gathering = undefined;
    for (const { reject } of [...owed, ...gathering]) reject(error);
  }
}
