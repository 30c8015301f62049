import { describe, expect, it } from "vitest";
import { blockedAddressReason, isBlockedAddress } from "./address-policy";

const strict = { allowLoopback: false };
const withLoopback = { allowLoopback: true };

describe("blockedAddressReason", () => {
  it.each([
    ["127.0.0.1", "loopback address"],
    ["127.8.9.10", "loopback address"],
    ["::1", "loopback address"],
    ["::ffff:127.0.0.1", "loopback address"],
    ["::ffff:7f00:1", "loopback address"],
    ["10.0.0.1", "private or reserved address"],
    ["10.255.255.255", "private or reserved address"],
    ["172.16.0.1", "private or reserved address"],
    ["172.31.255.254", "private or reserved address"],
    ["192.168.1.1", "private or reserved address"],
    ["169.254.169.254", "private or reserved address"],
    ["100.64.0.1", "private or reserved address"],
    ["100.127.255.255", "private or reserved address"],
    ["0.0.0.0", "private or reserved address"],
    ["224.0.0.251", "private or reserved address"],
    ["255.255.255.255", "private or reserved address"],
    ["198.18.0.1", "private or reserved address"],
    ["::", "private or reserved address"],
    ["fc00::1", "private or reserved address"],
    ["fd12:3456:789a::1", "private or reserved address"],
    ["fe80::1", "private or reserved address"],
    ["ff02::1", "private or reserved address"],
    ["::ffff:10.0.0.1", "private or reserved address"],
    ["::ffff:a9fe:a9fe", "private or reserved address"],
    ["64:ff9b::10.0.0.1", "private or reserved address"],
    ["2002:c0a8:0101::1", "private or reserved address"],
    ["::127.0.0.1", "private or reserved address"],
  ])("refuses %s (%s)", (address, reason) => {
    expect(blockedAddressReason(address, strict)).toBe(reason);
  });

  it.each([
    "93.184.215.14",
    "8.8.8.8",
    "172.32.0.1",
    "100.128.0.1",
    "169.253.1.1",
    "2606:4700::1111",
    "::ffff:8.8.8.8",
    "64:ff9b::8.8.8.8",
  ])("allows the public address %s", (address) => {
    expect(blockedAddressReason(address, strict)).toBeNull();
  });

  it("allows loopback only when the policy says so, and nothing else private", () => {
    expect(isBlockedAddress("127.0.0.1", withLoopback)).toBe(false);
    expect(isBlockedAddress("::1", withLoopback)).toBe(false);
    expect(isBlockedAddress("::ffff:127.0.0.1", withLoopback)).toBe(false);
    expect(isBlockedAddress("10.0.0.1", withLoopback)).toBe(true);
    expect(isBlockedAddress("169.254.169.254", withLoopback)).toBe(true);
  });

  it("treats a non-address as blocked", () => {
    expect(isBlockedAddress("example.com", withLoopback)).toBe(true);
  });
});
