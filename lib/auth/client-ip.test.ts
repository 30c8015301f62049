import { describe, expect, it } from "vitest";
import { clientIp } from "./client-ip";

describe("clientIp", () => {
  it("takes the last X-Forwarded-For entry, from Headers or a plain object", () => {
    expect(clientIp(new Headers({ "x-forwarded-for": "203.0.113.1" }))).toBe("203.0.113.1");
    expect(clientIp(new Headers({ "x-forwarded-for": "1.1.1.1, 198.51.100.7 " }))).toBe("198.51.100.7");
    expect(clientIp({ "x-forwarded-for": "1.1.1.1,::1" })).toBe("::1");
    expect(clientIp({ "x-forwarded-for": ["1.1.1.1", "192.0.2.5"] })).toBe("192.0.2.5");
  });

  it("answers 'unknown' without the header", () => {
    expect(clientIp(new Headers())).toBe("unknown");
    expect(clientIp({ "x-forwarded-for": " " })).toBe("unknown");
  });
});
