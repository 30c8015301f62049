import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { startBackgroundCheckpoints } from "./checkpoint";

const PAGE_BYTES = 4096;
const RESTART_PAGES = 50;
const WRITES = 40_000;

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("background checkpoints", () => {
  it("keep the log short while commits keep coming, and lose none of them", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "scrapedeck-checkpoint-"));
    folders.push(folder);
    const file = path.join(folder, "test.db");
    // A writer like the hot connection: its own checkpoints off, one small commit after another.
    const writer = new Database(file, { timeout: 5_000 });
    writer.pragma("journal_mode = WAL");
    writer.pragma("synchronous = NORMAL");
    writer.pragma("wal_autocheckpoint = 0");
    writer.exec("CREATE TABLE counts (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)");
    writer.prepare("INSERT INTO counts (id, n) VALUES (1, 0)").run();
    const count = writer.prepare("UPDATE counts SET n = n + 1 WHERE id = 1");
    const checkpoints = startBackgroundCheckpoints(file, () => {}, { intervalMs: 5, restartPages: RESTART_PAGES });
    try {
      // The thread is up once it has moved a commit into the database file (commits only append to the log).
      const before = statSync(file).size;
      writer.exec(`CREATE TABLE filler AS SELECT '${"x".repeat(50_000)}' AS text`);
      await expect.poll(() => statSync(file).size, { timeout: 10_000 }).toBeGreaterThan(before + 50_000);
      for (let i = 0; i < WRITES; i++) {
        count.run();
        // The event loop turns, as a server's does between requests, with no pause: the thread checkpoints meanwhile.
        if (i % 5 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      expect(writer.prepare("SELECT n FROM counts WHERE id = 1").get()).toEqual({ n: WRITES });
      // Every commit appends a page to the log. Never started over, the log holds most of them (84-143 MB of the
      // 160 MB here, three runs: a checkpoint runs while commits land, so it seldom finds the log wholly moved).
      // Started over once it passes RESTART_PAGES, it is written from its start again: the file stops at the commits
      // made while a restart waits for its turn, which grows with the thread's wait for a core, not with the commits
      // (14-34 MB on a quiet machine; 43 and 58 MB of half as many commits on CI's loaded one). So the test writes
      // enough for the two to lie far apart, and bounds the log at half of what was written.
      expect(statSync(`${file}-wal`).size).toBeLessThan((WRITES * PAGE_BYTES) / 2);
    } finally {
      await checkpoints.stop();
      writer.close();
    }
  });
});
