// Processes as Linux's /proc shows them: for tests and benchmarks that check what Chromium runs, from the outside.
import { readdirSync, readFileSync } from "node:fs";

/** The parent of a process, or null once it has ended. */
export function parentOf(pid: number): number | null {
  try {
    return Number(/^\d+ \(.*\) \S (\d+)/.exec(readFileSync(`/proc/${pid}/stat`, "latin1"))?.[1]);
  } catch {
    return null;
  }
}

/** Every process running now. */
export function allProcesses(): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number);
}

/** `root` and every process below it, from /proc. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const pid of allProcesses()) {
    const parent = parentOf(pid);
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const all = [root];
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i] as number) ?? []));
  return all;
}

/** The niceness of every thread of a process (field 19 of /proc/<pid>/task/<tid>/stat). */
export function threadNiceness(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
      try {
        const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, "latin1")
          .replace(/^.*\) /, "")
          .split(" ");
        return [Number(fields[16])];
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

/** The processes whose name (/proc/<pid>/comm) matches. */
export function processesNamed(name: RegExp): number[] {
  return allProcesses().filter((pid) => {
    try {
      return name.test(readFileSync(`/proc/${pid}/comm`, "latin1").trim());
    } catch {
      return false; // ended meanwhile
    }
  });
}
