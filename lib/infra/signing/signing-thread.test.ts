import { generateKeyPairSync, sign } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { SigningThread } from "./signing-thread";

const first = generateKeyPairSync("ed25519").privateKey;
const second = generateKeyPairSync("ed25519").privateKey;

const threads: SigningThread[] = [];
function signingThread(): SigningThread {
  const thread = new SigningThread();
  threads.push(thread);
  return thread;
}
afterEach(async () => {
  for (const thread of threads.splice(0)) await thread.close();
});

describe("the signing thread", () => {
  it("signs what one turn asks for, each item by its own key, each answer getting its own signature", async () => {
    const thread = signingThread();
    const items = Array.from({ length: 50 }, (_, i) => ({
      // Text, bytes of their own, and a view into node's shared pool of small Buffers.
      data:
        i % 3 === 0
          ? new TextEncoder().encode(`bytes ${i}`)
          : i % 3 === 1
            ? Buffer.from(`pooled ${i}`)
            : `text ${i} ${"é".repeat(i)}`,
      key: i % 2 === 0 ? first : second,
    }));
    const signatures = await Promise.all(items.map(({ data, key }) => thread.sign(data, key)));
    // Ed25519 is deterministic: the thread's signature is the very one signed in place.
    signatures.forEach((signature, i) => {
      const { data, key } = items[i] as (typeof items)[number];
      expect(signature.equals(sign(null, typeof data === "string" ? Buffer.from(data) : data, key))).toBe(true);
    });
    // A later turn: another batch, the keys already known to the thread.
    expect((await thread.sign("later", second)).equals(sign(null, Buffer.from("later"), second))).toBe(true);
  });

  it("refuses what it owed when it stops, and a new thread takes the next signature", async () => {
    const thread = signingThread();
    await thread.sign("warm", first);
    const refused = expect(thread.sign("owed", first)).rejects.toThrow("The signing thread was closed");
    await thread.close();
    await refused;
    expect((await thread.sign("after", first)).equals(sign(null, Buffer.from("after"), first))).toBe(true);
  });

  it("refuses a batch it cannot sign, and signs the next", async () => {
    const thread = signingThread();
    // An X25519 key agrees on secrets; it cannot sign.
    const notASigningKey = generateKeyPairSync("x25519").privateKey;
    await expect(thread.sign("data", notASigningKey)).rejects.toThrow(/^Signing failed: /);
    expect((await thread.sign("next", first)).equals(sign(null, Buffer.from("next"), first))).toBe(true);
  });
});
