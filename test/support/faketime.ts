// A process with its clock shifted, through Debian's libfaketime: the environment that makes it so, set on the
// process itself (LD_PRELOAD) rather than through the `faketime` wrapper, which would fork: a signal to the wrapper
// would leave the real process running.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

/** libfaketime's shared object, wherever Debian put it for this architecture; undefined when not installed. */
export function libfaketime(): string | undefined {
  const lib = "/usr/lib";
  const candidates = [path.join(lib, "faketime"), ...readdirSync(lib).map((entry) => path.join(lib, entry, "faketime"))];
  for (const dir of candidates) {
    const file = path.join(dir, "libfaketime.so.1");
    if (existsSync(file)) return file;
  }
  return undefined;
}

/** The environment that runs a process with its clock `offset` off ("+10m", "-4m"), as `faketime -f` would. */
export function faketimeEnv(offset: string): Record<string, string> {
  const preload = libfaketime();
  if (!preload) throw new Error("libfaketime is not installed (apt-get install faketime)");
  return { LD_PRELOAD: preload, FAKETIME: offset };
}
