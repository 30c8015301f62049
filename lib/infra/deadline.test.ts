import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { deadline } from "./deadline";

describe("deadline", () => {
  it("aborts with a TimeoutError when the time runs out, and says it expired", async () => {
    const d = deadline(1);
    await once(d.signal, "abort");
    expect(d.expired).toBe(true);
    expect((d.signal.reason as DOMException).name).toBe("TimeoutError");
    d.clear();
  });

  it("aborts with the linked signal's reason when that one aborts first, without expiring", () => {
    const linked = new AbortController();
    const d = deadline(60_000, linked.signal);
    const reason = new Error("cancelled");
    linked.abort(reason);
    expect(d.signal.aborted).toBe(true);
    expect(d.signal.reason).toBe(reason);
    expect(d.expired).toBe(false);
    d.clear();
  });

  it("starts aborted when the linked signal already is", () => {
    const linked = new AbortController();
    linked.abort("gone");
    const d = deadline(60_000, linked.signal);
    expect(d.signal.reason).toBe("gone");
    d.clear();
  });

  it("stops listening to the linked signal once cleared", () => {
    const linked = new AbortController();
    const d = deadline(60_000, linked.signal);
    d.clear();
    linked.abort();
    expect(d.signal.aborted).toBe(false);
  });
});
