import "server-only";
import { log } from "@/lib/infra/log";

/** Runs a server-side load for a page; a failure is logged and leaves the loading to the browser. */
export async function loadForPage<T>(what: string, load: () => Promise<T>): Promise<T | undefined> {
  try {
    return await load();
  } catch (error) {
    log.error({ err: error, what }, "server-side load failed; the browser will fetch");
    return undefined;
  }
}
