// npm run bench:signing — what signing one license verification answer costs, in µs per answer, each way of
// signing side by side in one interleaved run (rounds × variants, the median round reported): our RFC 9421 signer
// on node:crypto (Content-Digest + signature base + Ed25519), node:crypto's Ed25519 alone, WebCrypto's, and jose's
// JWS (EdDSA) over the same body; then the verifier the SDKs ship. Options: --rounds (7), --ms (300) per
// measurement. No server: this is the CPU cost the verify fast path adds per answer.
import { generateKeyPairSync, sign } from "node:crypto";
import os from "node:os";
import { FlattenedSign } from "jose";
import { signResponse } from "@/lib/infra/signing/http-signature";
import { signingKeySet } from "@/lib/infra/signing/keys";
import { verifySignedResponse } from "@/lib/infra/signing/verify";
import { answer } from "@/lib/licenses/verdict";
import { option } from "./support";

const rounds = Number(option("rounds", "7"));
const budgetMs = Number(option("ms", "300"));

const { privateKey } = generateKeyPairSync("ed25519");
const key = signingKeySet(privateKey).current;
// A valid answer with two content URLs and a nonce: the size of a typical one.
const body = Buffer.from(
  JSON.stringify({
    ...answer("valid", ["https://cdn.example.com/course/1.mp4", "https://example.com/course/1"]),
    nonce: "5f0c1e9a-3b7d-4c2a-9e61-0d8f3a2b7c45",
  }),
);
const path = "/api/verify-license";
const webKey = await crypto.subtle.importKey("jwk", privateKey.export({ format: "jwk" }), { name: "Ed25519" }, false, ["sign"]);
const signed = { status: 200, path, body, headers: signResponse({ status: 200, path, body, date: new Date() }, key) };
const keySet = { keys: [key.jwk] };

type Variant = { name: string; run: () => unknown };
const variants: Variant[] = [
  {
    name: "signResponse (node:crypto, RFC 9421 headers)",
    run: () => signResponse({ status: 200, path, body, date: new Date() }, key),
  },
  { name: "node:crypto Ed25519 sign alone", run: () => sign(null, body, privateKey) },
  { name: "WebCrypto Ed25519 sign", run: () => crypto.subtle.sign({ name: "Ed25519" }, webKey, body) },
  {
    name: "jose FlattenedSign (EdDSA JWS)",
    run: () => new FlattenedSign(body).setProtectedHeader({ alg: "EdDSA", kid: key.jwk.kid }).sign(privateKey),
  },
  { name: "verifySignedResponse (WebCrypto, SDK side)", run: () => verifySignedResponse(signed, keySet) },
];

/**
 * µs per call over about `budgetMs`, awaiting each call (the async variants pay their promise as a caller would):
 * wall time, and the process's CPU time (all threads: WebCrypto signs on libuv's pool), steadier on a busy machine.
 */
async function measure({ run }: Variant): Promise<{ wall: number; cpu: number }> {
  let calls = 0;
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  const deadline = start + BigInt(budgetMs) * 1_000_000n;
  let now = start;
  while (now < deadline) {
    for (let i = 0; i < 100; i++) await run();
    calls += 100;
    now = process.hrtime.bigint();
  }
  const cpu = process.cpuUsage(cpuStart);
  return { wall: Number(now - start) / 1000 / calls, cpu: (cpu.user + cpu.system) / calls };
}

for (const variant of variants) await measure(variant); // warm up
const samples = new Map(variants.map((variant) => [variant.name, [] as { wall: number; cpu: number }[]]));
for (let round = 0; round < rounds; round++) {
  for (const variant of variants) samples.get(variant.name)?.push(await measure(variant));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const of = (name: string | undefined, what: "wall" | "cpu") => (samples.get(name ?? "") ?? []).map((sample) => sample[what]);
const load = os
  .loadavg()
  .map((value) => value.toFixed(2))
  .join(" ");
console.log(`load average ${load}; ${rounds} rounds × ${budgetMs} ms each; medians, and the wall-time range of the rounds`);
console.log(`answer body ${body.byteLength} bytes\n`);
const columns = ["wall µs", "min", "max", "CPU µs", "CPU × sign"];
console.log(`${"variant".padEnd(46)}${columns.map((column) => column.padStart(11)).join("")}`);
const signCpu = median(of(variants[1]?.name, "cpu"));
for (const { name } of variants) {
  const wall = of(name, "wall");
  const cpu = median(of(name, "cpu"));
  const cells = [median(wall), Math.min(...wall), Math.max(...wall), cpu].map((value) => value.toFixed(1));
  console.log(`${name.padEnd(46)}${[...cells, (cpu / signCpu).toFixed(2)].map((cell) => cell.padStart(11)).join("")}`);
}
