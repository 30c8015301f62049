/**
 * State there must be one of per process (queues, workers, pools, connections, in-memory limiter counts), kept on
 * globalThis under a registry-wide symbol. One process loads lib/ more than once: Next's built app (sometimes
 * twice over) and the edge's fast paths (server, loaded by tsx), each with module instances of its own, so a
 * module-level value would exist once per copy. Whichever copy asks first creates the value; every other copy
 * gets that one (docs/architecture.md#hot-paths).
 */
export function processWide<T>(name: string, create: () => T): T {
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  const key = Symbol.for(`scrapedeck.${name}`);
  if (!(key in store)) store[key] = create();
  return store[key] as T;
}

/** The process's value of `name` if some copy created it, without creating it (closing what exists at shutdown). */
export function existingProcessWide<T>(name: string): T | undefined {
  return (globalThis as unknown as Record<symbol, T | undefined>)[Symbol.for(`scrapedeck.${name}`)];
}
