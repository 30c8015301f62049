// npx tsx --conditions=react-server scripts/bench/argon2.ts — what password hashing costs here, and whether a
// login for an unknown email takes as long as one with a wrong password. Runs on a throwaway SQLite database.
import { mkdtempSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";

process.env.DATABASE_URL = `file:${path.join(mkdtempSync(path.join(tmpdir(), "scrapedeck-bench-")), "bench.db")}`;
process.env.LOG_LEVEL = "silent";

const { prepareDatabase } = await import("@/server/prepare-database");
await prepareDatabase(process.env.DATABASE_URL);
const { ARGON2_OPTIONS, hashPassword, verifyPassword } = await import("@/lib/accounts/passwords");
const { registerUser, verifyCredentials } = await import("@/lib/accounts/accounts");

const RUNS = 30;

async function timeEach(run: () => Promise<unknown>): Promise<{ median: number; p90: number }> {
  await run(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? Number.NaN;
  return { median: at(0.5), p90: at(0.9) };
}

const fmt = ({ median, p90 }: { median: number; p90: number }) => `median ${median.toFixed(1)} ms, p90 ${p90.toFixed(1)} ms`;

const stored = await hashPassword("correct-horse-battery");
await registerUser({ email: "bench@example.com", password: "correct-horse-battery" });

console.log(
  `argon2id m=${ARGON2_OPTIONS.memoryCost} KiB t=${ARGON2_OPTIONS.timeCost} p=${ARGON2_OPTIONS.parallelism}, ${RUNS} runs each, ${availableParallelism()} CPUs`,
);
console.log(`  hash:                      ${fmt(await timeEach(() => hashPassword("correct-horse-battery")))}`);
console.log(`  verify:                    ${fmt(await timeEach(() => verifyPassword(stored, "correct-horse-battery")))}`);
console.log(
  `  login, wrong password:     ${fmt(await timeEach(() => verifyCredentials({ email: "bench@example.com", password: "wrong-password" })))}`,
);
console.log(
  `  login, unknown email:      ${fmt(await timeEach(() => verifyCredentials({ email: "nobody@example.com", password: "wrong-password" })))}`,
);
console.log(
  `  login, right password:     ${fmt(await timeEach(() => verifyCredentials({ email: "bench@example.com", password: "correct-horse-battery" })))}`,
);
process.exit(0);
