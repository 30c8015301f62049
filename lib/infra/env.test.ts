import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

describe("parseEnv", () => {
  it("defaults to the SQLite file and development", () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBe("file:./data/scrapedeck.db");
    expect(env.NODE_ENV).toBe("development");
    expect(env.SCRAPER_ALLOW_LOOPBACK).toBe(false);
  });

  it("accepts PostgreSQL URLs", () => {
    expect(parseEnv({ DATABASE_URL: "postgresql://u@h:5432/db" }).DATABASE_URL).toBe("postgresql://u@h:5432/db");
  });

  it("names every invalid variable", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://x", APP_URL: "not a url", AUTH_SECRET: "short" })).toThrow(
      /DATABASE_URL: must start with file:, postgres:\/\/ or postgresql:\/\/[\s\S]*AUTH_SECRET: must be at least 32 characters[\s\S]*APP_URL/,
    );
  });

  it("requires AUTH_SECRET in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/AUTH_SECRET: required in production/);
    expect(parseEnv({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(32) }).AUTH_SECRET).toHaveLength(32);
  });

  it("trusts no proxy by default and explains a TRUST_PROXY it cannot read", () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual({ kind: "off" });
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toEqual({ kind: "hops", hops: 1 });
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.0/99" })).toThrow(/TRUST_PROXY: invalid range on address: 10\.0\.0\.0\/99/);
  });
});
