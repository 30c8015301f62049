import { describe, expect, it } from "vitest";
import { readCookie, sessionFromCookie } from "./session-cookie";

describe("readCookie", () => {
  it("reads a cookie among others, percent-decoded", () => {
    expect(readCookie("a=1; next-auth.session-token=x%20y; b=2", "next-auth.session-token")).toBe("x y");
  });

  it("treats a value that is not valid percent-encoding as no cookie, never as a failure", async () => {
    expect(readCookie("next-auth.session-token=%ff", "next-auth.session-token")).toBeUndefined();
    expect(await sessionFromCookie("__Secure-next-auth.session-token=%ff; next-auth.session-token=%")).toBeNull();
  });
});
