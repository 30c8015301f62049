import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isAppError } from "@/lib/infra/errors";
import {
  compilePathPatterns,
  createScope,
  isPathologicalPath,
  MAX_PATH_PATTERN_LENGTH,
  MAX_PATH_PATTERNS,
  type ScopeOptions,
  trapPattern,
} from "./scope";

const START = "https://www.shop.example/";
const at = (path: string, host = "www.shop.example") => new URL(`https://${host}${path}`);

function follows(options: Partial<ScopeOptions>, url: URL, depth = 1) {
  const verdict = createScope({ startUrl: START, ...options }).check(url, depth);
  return verdict.follow ? true : verdict.reason;
}

function validationIssues(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (isAppError(error, "validation_error")) return error.details.issues;
    throw error;
  }
  throw new Error("no validation error");
}

describe("host rules", () => {
  it("follows the start host only by default, with or without www.", () => {
    expect(follows({}, at("/a"))).toBe(true);
    expect(follows({}, at("/a", "shop.example"))).toBe(true);
    expect(follows({}, new URL("http://www.shop.example:8080/a"))).toBe(true);
    expect(follows({}, at("/a", "blog.shop.example"))).toBe("off_host");
    expect(follows({}, at("/a", "other.example"))).toBe("off_host");
    expect(follows({}, at("/a", "evilshop.example"))).toBe("off_host");
  });

  it("allows subdomains when asked, and only subdomains", () => {
    expect(follows({ allowSubdomains: true }, at("/a", "blog.shop.example"))).toBe(true);
    expect(follows({ allowSubdomains: true }, at("/a", "a.b.shop.example"))).toBe(true);
    expect(follows({ allowSubdomains: true }, at("/a", "notshop.example"))).toBe("off_host");
  });

  it("follows any host when same_host is off", () => {
    expect(follows({ sameHost: false }, at("/a", "other.example"))).toBe(true);
  });
});

describe("include and exclude paths", () => {
  it("globs match the whole path: * within a segment, ** across, /x/** also /x", () => {
    const options = { includePaths: ["/blog/*", "/docs/**"] };
    expect(follows(options, at("/blog/first-post"))).toBe(true);
    expect(follows(options, at("/blog/2024/first-post"))).toBe("excluded");
    expect(follows(options, at("/docs"))).toBe(true);
    expect(follows(options, at("/docs/a/b/c"))).toBe(true);
    expect(follows(options, at("/documents"))).toBe("excluded");
    expect(follows(options, at("/shop"))).toBe("excluded");
    expect(follows({ includePaths: ["products/*.html"] }, at("/products/a.html"))).toBe(true);
    expect(follows({ includePaths: ["/a.b"] }, at("/axb"))).toBe("excluded");
  });

  it("^-patterns are regular expressions searched in path and query", () => {
    const options = { includePaths: ["^/products/\\d+$", "^/search\\?q="] };
    expect(follows(options, at("/products/42"))).toBe(true);
    expect(follows(options, at("/products/42/reviews"))).toBe("excluded");
    expect(follows(options, at("/search?q=shoes"))).toBe(true);
  });

  it("exclusion wins over inclusion; the start URL itself is never excluded", () => {
    const options = { includePaths: ["/blog/**"], excludePaths: ["/blog/drafts/**", "^.*\\?preview="] };
    expect(follows(options, at("/blog/post"))).toBe(true);
    expect(follows(options, at("/blog/drafts/post"))).toBe("excluded");
    expect(follows(options, at("/blog/post?preview=1"))).toBe("excluded");
    expect(follows(options, at("/"), 0)).toBe(true);
  });

  it("refuses too many, too long, invalid and backtracking-only patterns, naming each", () => {
    const many = validationIssues(() => compilePathPatterns(Array(MAX_PATH_PATTERNS + 1).fill("/a"), "include_paths"));
    expect(many).toEqual([{ path: "include_paths", message: `At most ${MAX_PATH_PATTERNS} patterns.` }]);
    const bad = validationIssues(() =>
      compilePathPatterns(["/ok", "", "x".repeat(MAX_PATH_PATTERN_LENGTH + 1), "^/(a", "^/(?=a)b", "^/(a)\\1"], "exclude_paths"),
    );
    expect(bad?.map((issue) => issue.path)).toEqual([
      "exclude_paths.1",
      "exclude_paths.2",
      "exclude_paths.3",
      "exclude_paths.4",
      "exclude_paths.5",
    ]);
    expect(bad?.[3]?.message).toMatch(/^Not a supported regular expression \(.+\)\. Patterns run in linear time/);
  });

  it("runs a catastrophic-backtracking pattern in linear time", () => {
    // (a+)+$ takes V8 exponential time on "aaaa…b"; RE2 answers at once.
    const [pattern] = compilePathPatterns(["^/(a+)+$"], "include_paths");
    expect(pattern?.matches(at(`/${"a".repeat(5_000)}b`))).toBe(false);
    expect(pattern?.matches(at(`/${"a".repeat(5_000)}`))).toBe(true);
  });
});

describe("depth and traps", () => {
  it("stops past max depth (default 10)", () => {
    expect(follows({}, at("/a"), 10)).toBe(true);
    expect(follows({}, at("/a"), 11)).toBe("too_deep");
    expect(follows({ maxDepth: 0 }, at("/a"), 1)).toBe("too_deep");
  });

  it("refuses relative-link loops and absurdly deep paths", () => {
    expect(isPathologicalPath("/a/b/b/b/c")).toBe(true);
    expect(isPathologicalPath("/a/b/b/c")).toBe(false);
    expect(isPathologicalPath(`/${Array.from({ length: 40 }, (_, i) => `s${i}`).join("/")}`)).toBe(true);
    expect(follows({}, at("/img/img/img/logo.png"))).toBe("trap");
  });

  it("generalises the variable parts of a URL into its trap pattern", () => {
    expect(trapPattern(at("/calendar/2024-05-12"))).toBe("www.shop.example/calendar/{date}");
    expect(trapPattern(at("/events?month=5&year=2024"))).toBe("www.shop.example/events?month&year");
    expect(trapPattern(at("/s/0f8e2c1d9a7b6c5d/cart"))).toBe("www.shop.example/s/{id}/cart");
    expect(trapPattern(at("/u/3fa85f64-5717-4562-b3fc-2c963f66afa6"))).toBe("www.shop.example/u/{id}");
    expect(trapPattern(at("/product/123"))).toBe("www.shop.example/product/{n}");
    expect(trapPattern(at("/blog/how-to-choose-running-shoes-2024"))).toBeNull();
    expect(trapPattern(at("/about"))).toBeNull();
  });

  it("admits at most maxPerPattern URLs of one pattern (an endless calendar), others unaffected", () => {
    const scope = createScope({ startUrl: START, maxPerPattern: 3 });
    const months = Array.from({ length: 6 }, (_, i) => scope.admit(at(`/calendar?month=${i}`), 1));
    expect(months.map((verdict) => verdict.follow)).toEqual([true, true, true, false, false, false]);
    expect(months[5]).toEqual({ follow: false, reason: "pattern_cap" });
    expect(scope.admit(at("/about"), 1).follow).toBe(true);
    expect(scope.admit(at("/calendar/2024-01-01"), 1).follow).toBe(true);
  });

  it("check() does not count; admit() does; the counts can be handed in (a resumed crawl)", () => {
    const counts = new Map([["www.shop.example/p/{n}", 2]]);
    const scope = createScope({ startUrl: START, maxPerPattern: 3 }, counts);
    expect(scope.check(at("/p/1"), 1).follow).toBe(true);
    expect(scope.check(at("/p/1"), 1).follow).toBe(true);
    expect(scope.admit(at("/p/1"), 1).follow).toBe(true);
    expect(scope.admit(at("/p/2"), 1)).toEqual({ follow: false, reason: "pattern_cap" });
    expect(counts.get("www.shop.example/p/{n}")).toBe(3);
  });
});

describe("properties", () => {
  const segment = fc.stringMatching(/^[a-z][a-z0-9-]{0,6}$/);
  const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join("/")}`);

  it("a glob without wildcards matches exactly its own path", () => {
    fc.assert(
      fc.property(path, path, (glob, probe) => {
        const [pattern] = compilePathPatterns([glob], "include_paths");
        expect(pattern?.matches(at(probe))).toBe(glob === probe);
      }),
    );
  });

  it("P/** matches exactly P and the paths under it", () => {
    fc.assert(
      fc.property(path, path, (prefix, probe) => {
        const [pattern] = compilePathPatterns([`${prefix}/**`], "include_paths");
        expect(pattern?.matches(at(probe))).toBe(probe === prefix || probe.startsWith(`${prefix}/`));
      }),
    );
  });

  it("excluding a path that is included leaves nothing of it", () => {
    fc.assert(
      fc.property(path, (probe) => {
        expect(follows({ includePaths: [probe], excludePaths: [probe] }, at(probe))).toBe("excluded");
      }),
    );
  });
});
