import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "./retry-after";

const now = Date.parse("2026-11-28T12:00:00Z");

describe("Retry-After", () => {
  it("reads delay-seconds", () => {
    expect(parseRetryAfter("1", now)).toBe(1);
    expect(parseRetryAfter(" 120 ", now)).toBe(120);
    expect(parseRetryAfter("0", now)).toBe(0);
  });

  it("reads an HTTP-date in its three forms, against the answer's Date when it has one", () => {
    expect(parseRetryAfter("Sat, 28 Nov 2026 12:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter("Saturday, 28-Nov-26 12:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter("Sat Nov 28 12:00:30 2026", Date.parse("2026-11-28T12:00:00"))).toBe(30);
    // The site's clock is an hour ahead of ours: its own Date tells the wait it meant.
    expect(parseRetryAfter("Sat, 28 Nov 2026 13:00:45 GMT", now, "Sat, 28 Nov 2026 13:00:00 GMT")).toBe(45);
    // An unreadable Date: measured against ours.
    expect(parseRetryAfter("Sat, 28 Nov 2026 12:00:10 GMT", now, "soon")).toBe(10);
  });

  it("a date in the past is no wait; nothing or nonsense is null", () => {
    expect(parseRetryAfter("Sat, 28 Nov 2026 11:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter("", now)).toBeNull();
    expect(parseRetryAfter("-5", now)).toBeNull();
    expect(parseRetryAfter("1.5", now)).toBeNull();
    expect(parseRetryAfter("later", now)).toBeNull();
  });
});
